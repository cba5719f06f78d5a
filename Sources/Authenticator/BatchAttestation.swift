import Foundation
import LatchkeyCrypto
import WebAuthn

/// A generated batch CA and the attestation certificate an authenticator signs `packed` x5c
/// statements with. The leaf follows WebAuthn L3 §8.2.1: v3, subject C/O/OU/CN with OU
/// "Authenticator Attestation", the id-fido-gen-ce-aaguid extension, and basicConstraints CA=false.
public struct BatchAttestation: Sendable {
    public let rootCertificate: X509Certificate
    public let certificate: X509Certificate
    public let privateKey: P256PrivateKey

    public init(rootCertificate: X509Certificate, certificate: X509Certificate, privateKey: P256PrivateKey) {
        self.rootCertificate = rootCertificate
        self.certificate = certificate
        self.privateKey = privateKey
    }

    /// Fixed validity so generated vectors do not depend on the day they were made.
    public static let notBefore = Date(timeIntervalSince1970: 1_704_067_200) // 2024-01-01
    public static let notAfter = Date(timeIntervalSince1970: 4_102_444_800) // 2100-01-01

    public static func generate(
        aaguid: AAGUID, random: any RandomSource = SystemRandom(),
        organization: String = "Latchkey"
    ) throws(CryptoError) -> BatchAttestation {
        let caKey = try P256PrivateKey.generate(using: random)
        var caSerial = random.bytes(16)
        caSerial[0] &= 0x7F
        caSerial[0] |= 0x01
        let ca = try CertificateBuilder(
            subject: [("C", "US"), ("O", organization), ("CN", "\(organization) Batch Attestation Root")],
            serialNumber: caSerial, notBefore: notBefore, notAfter: notAfter, isCA: true
        ).issue(subjectKey: caKey.publicKey, issuer: nil, signingKey: caKey)

        let leafKey = try P256PrivateKey.generate(using: random)
        var leafSerial = random.bytes(16)
        leafSerial[0] &= 0x7F
        leafSerial[0] |= 0x01
        var leaf = CertificateBuilder(
            subject: [
                ("C", "US"), ("O", organization), ("OU", "Authenticator Attestation"), ("CN", "\(organization) Software Authenticator"),
            ],
            serialNumber: leafSerial, notBefore: notBefore, notAfter: notAfter, isCA: false)
        // extnValue is an OCTET STRING wrapping the 16 AAGUID bytes (DER: 04 10 …).
        leaf.customExtensions = [.init(oid: X509Certificate.OID.fidoAAGUID, critical: false, value: [0x04, 0x10] + aaguid.bytes)]
        let cert = try leaf.issue(subjectKey: leafKey.publicKey, issuer: ca, signingKey: caKey)
        return BatchAttestation(rootCertificate: ca, certificate: cert, privateKey: leafKey)
    }
}
