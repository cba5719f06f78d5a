import Foundation
import LatchkeyCrypto

/// `tpm` (§8.3), RSA and ECC, with the AIK certificate requirements of §8.3.1.
public struct TPMAttestation: AttestationStatementVerifier {
    public static let format = "tpm"
    static let ekuAIKCertificate = "2.23.133.8.3"
    static let tpmManufacturer = "2.23.133.2.1", tpmModel = "2.23.133.2.2", tpmVersion = "2.23.133.2.3"
    public init() {}

    public func verify(_ input: AttestationInput) throws(VerificationError) -> AttestationResult {
        let stmt = input.statement
        guard stmt[text: "ver"]?.textValue == "2.0" else { throw statementFailure(Self.format, "ver must be \"2.0\"") }
        if stmt[text: "ecdaaKeyId"] != nil {
            throw VerificationError(.attestationStatement, "tpm: ECDAA is not supported", kind: .unsupported)
        }
        guard let sig = stmt[text: "sig"]?.bytesValue, let certInfoBytes = stmt[text: "certInfo"]?.bytesValue,
            let pubAreaBytes = stmt[text: "pubArea"]?.bytesValue
        else {
            throw statementFailure(Self.format, "sig, certInfo and pubArea are required byte strings")
        }
        let pubArea = try TPMTPublic(pubAreaBytes)
        try Self.checkPublicKeyMatches(pubArea, input.credential.credentialPublicKey)

        let certInfo = try TPMSAttest(certInfoBytes)
        guard certInfo.magic == TPMSAttest.generatedValue else {
            throw statementFailure(Self.format, "certInfo.magic is not TPM_GENERATED_VALUE")
        }
        guard certInfo.type == TPMSAttest.stAttestCertify else {
            throw statementFailure(Self.format, "certInfo.type is not TPM_ST_ATTEST_CERTIFY")
        }

        let chain = try certificates(stmt, format: Self.format, required: true)
        let aik = chain[0]
        let aikKey: PublicKey
        do { aikKey = try aik.publicKey() } catch { throw statementFailure(Self.format, "aikCert public key: \(error)") }
        let (_, scheme) = try signatureAlgorithm(stmt, format: Self.format, key: aikKey)
        let hash = scheme.digest ?? .sha256
        guard certInfo.extraData == Digest.hash(hash, input.signedData) else {
            throw statementFailure(
                Self.format,
                "Verify that extraData is set to the hash of attToBeSigned using the hash algorithm employed in \"alg\": it is not")
        }
        let nameHash: DigestAlgorithm
        switch pubArea.nameAlg {
        case TPMAlg.sha1: nameHash = .sha1
        case TPMAlg.sha256: nameHash = .sha256
        case TPMAlg.sha384: nameHash = .sha384
        case TPMAlg.sha512: nameHash = .sha512
        default: throw statementFailure(Self.format, "pubArea.nameAlg 0x\(String(pubArea.nameAlg, radix: 16)) is not supported")
        }
        let expectedName = [UInt8(pubArea.nameAlg >> 8), UInt8(pubArea.nameAlg & 0xFF)] + Digest.hash(nameHash, pubAreaBytes)
        guard certInfo.attestedName == expectedName else {
            throw statementFailure(
                Self.format,
                "Verify that attested contains a TPMS_CERTIFY_INFO structure whose name field contains a valid Name for pubArea: it does not"
            )
        }
        try verifySignature(
            aikKey, scheme, signature: sig, data: certInfoBytes, format: Self.format,
            what: "sig over certInfo with the public key in aikCert")
        try Self.checkAIKCertificate(aik, aaguid: input.credential.aaguid)
        return AttestationResult(type: .attCA, trustPath: chain)
    }

    static func checkPublicKeyMatches(_ pubArea: TPMTPublic, _ cose: COSEKey) throws(VerificationError) {
        switch (pubArea.key, cose.parameters) {
        case (.rsa(let n, let exponent), .rsa(let cn, let ce)):
            let e = exponent == 0 ? 65537 : UInt64(exponent)
            let coseE = ce.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard n == cn, ce.count <= 8, e == coseE else {
                throw statementFailure(format, "the public key in pubArea (n, e) does not match credentialPublicKey")
            }
        case (.ecc(let curve, let x, let y), .ec2(let crv, let cx, let cy)):
            let expectedCurve: UInt16 = crv == COSEKey.Curve.p256 ? 0x0003 : crv == COSEKey.Curve.p384 ? 0x0004 : 0x0005
            guard curve == expectedCurve, x == cx, y == cy else {
                throw statementFailure(format, "the public key in pubArea (curveID, x, y) does not match credentialPublicKey")
            }
        default:
            throw statementFailure(format, "pubArea key type does not match credentialPublicKey")
        }
    }

    /// §8.3.1 TPM Attestation Statement Certificate Requirements.
    static func checkAIKCertificate(_ cert: X509Certificate, aaguid: AAGUID) throws(VerificationError) {
        guard cert.version == 3 else { throw statementFailure(format, "aikCert must be an X.509 v3 certificate") }
        guard cert.subject.isEmpty else { throw statementFailure(format, "aikCert Subject field MUST be set to empty") }
        guard let san = cert.extension(X509Certificate.OID.subjectAltName) else {
            throw statementFailure(format, "aikCert lacks the Subject Alternative Name extension")
        }
        let attributes: Set<String>
        do {
            var found = Set<String>()
            for name in try DER.parse(san.value).children() where name.tagClass == .contextSpecific && name.tagNumber == 4 {
                for rdnSequence in try name.children() {
                    for rdn in try rdnSequence.children() {
                        for atv in try rdn.children() {
                            if let oid = try atv.children().first?.objectIdentifier { found.insert(oid) }
                        }
                    }
                }
            }
            attributes = found
        } catch { throw statementFailure(format, "aikCert subjectAltName: \(error)") }
        guard attributes.isSuperset(of: [tpmManufacturer, tpmModel, tpmVersion]) else {
            throw statementFailure(format, "aikCert Subject Alternative Name must carry TPM manufacturer, model and version")
        }
        guard let eku = cert.extension(X509Certificate.OID.extendedKeyUsage),
            // an EKU that does not parse lacks the AIK purpose: the else branch rejects the statement
            let purposes = try? DER.parse(eku.value).children().compactMap(\.objectIdentifier),
            purposes.contains(ekuAIKCertificate)
        else {
            throw statementFailure(
                format,
                "aikCert Extended Key Usage must contain \"joint-iso-itu-t(2) internationalorganizations(23) 133 tcg-kp(8) tcg-kp-AIKCertificate(3)\""
            )
        }
        guard cert.basicConstraintsCA == false else {
            throw statementFailure(format, "aikCert Basic Constraints extension must have the CA component set to false")
        }
        if let ext = cert.extension(X509Certificate.OID.fidoAAGUID) {
            // an AAGUID extension that does not parse cannot match: the else branch rejects the statement
            guard (try? DER.parse(ext.value))?.octets == aaguid.bytes else {
                throw statementFailure(
                    format, "the AAGUID in aikCert's id-fido-gen-ce-aaguid extension does not match aaguid in authenticatorData")
            }
        }
    }
}
