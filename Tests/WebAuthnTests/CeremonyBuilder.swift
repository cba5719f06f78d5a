import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport

@testable import WebAuthn

/// Assembles registrations and assertions from parts, so tests can break exactly one thing.
struct CeremonyBuilder {
    var rpId = "example.com"
    var origin = "https://example.com"
    var challenge = SystemRandom.bytes(32)
    let credentialKey = try! P256PrivateKey.generate()
    var credentialId = SystemRandom.bytes(16)
    var aaguid = AAGUID("00112233-4455-6677-8899-aabbccddeeff")!
    var flags: AuthenticatorData.Flags = [.userPresent, .userVerified]
    var signCount: UInt32 = 0

    var cose: COSEKey { COSEKey(p256: credentialKey.publicKey) }

    func clientData(
        type: String = "webauthn.create", challenge: [UInt8]? = nil, origin: String? = nil,
        crossOrigin: Bool = false, topOrigin: String? = nil
    ) -> [UInt8] {
        CollectedClientData(
            type: type, challenge: challenge ?? self.challenge, origin: origin ?? self.origin,
            crossOrigin: crossOrigin, topOrigin: topOrigin
        ).jsonBytes
    }

    func registrationAuthData(rpId: String? = nil, key: COSEKey? = nil) -> [UInt8] {
        AuthenticatorData(
            rpIdHash: Digest.sha256(rpId ?? self.rpId), flags: flags, signCount: signCount,
            attestedCredentialData: .init(aaguid: aaguid, credentialId: credentialId, credentialPublicKey: key ?? cose)
        ).bytes
    }

    func attestationObject(fmt: String, authData: [UInt8], statement: CBOR) -> [UInt8] {
        CBOREncoder.encode(.map([(.text("fmt"), .text(fmt)), (.text("attStmt"), statement), (.text("authData"), .bytes(authData))]))
    }

    func expectations(
        roots: [X509Certificate]? = nil, uv: Bool = false, algs: [COSEAlgorithm]? = nil,
        allowCrossOrigin: Bool = false, topOrigins: [String]? = nil
    ) -> RegistrationExpectations {
        var e = RegistrationExpectations(
            clientData: .init(
                expectedChallenge: challenge, expectedOrigins: [origin],
                allowCrossOrigin: allowCrossOrigin, expectedTopOrigins: topOrigins),
            rpId: rpId, requireUserVerification: uv, trustRoots: roots)
        if let algs { e.allowedAlgorithms = algs }
        return e
    }

    /// A registration with the given statement maker; returns how it was refused, or nil.
    func registrationStep(
        fmt: String, clientDataJSON: [UInt8]? = nil, authData: [UInt8]? = nil,
        expectations: RegistrationExpectations? = nil,
        statement: (_ authData: [UInt8], _ clientDataHash: [UInt8]) throws -> CBOR
    ) rethrows -> Refusal? {
        let cd = clientDataJSON ?? clientData()
        let ad = authData ?? registrationAuthData()
        let object = attestationObject(fmt: fmt, authData: ad, statement: try statement(ad, Digest.sha256(cd)))
        do {
            _ = try RegistrationVerifier.verify(
                clientDataJSON: cd, attestationObject: object, expectations: expectations ?? self.expectations())
            return nil
        } catch {
            return Refusal(step: error.step, message: error.message)
        }
    }

    /// A CA and a leaf certificate for `subjectKey`, with the given subject and extensions.
    static func certificate(
        subject: [(String, String)], key: P256PublicKey, extensions: [CertificateBuilder.CustomExtension] = [],
        isCA: Bool = false
    ) throws -> (leaf: X509Certificate, root: X509Certificate) {
        let caKey = try P256PrivateKey.generate()
        let root = try CertificateBuilder(
            subject: [("C", "US"), ("O", "Test CA"), ("CN", "Test Root")], serialNumber: [1],
            notBefore: Date(timeIntervalSince1970: 1_700_000_000), notAfter: Date(timeIntervalSince1970: 4_000_000_000), isCA: true
        )
        .issue(subjectKey: caKey.publicKey, issuer: nil, signingKey: caKey)
        var b = CertificateBuilder(
            subject: subject, serialNumber: [2], notBefore: Date(timeIntervalSince1970: 1_700_000_000),
            notAfter: Date(timeIntervalSince1970: 4_000_000_000), isCA: isCA)
        b.customExtensions = extensions
        return (try b.issue(subjectKey: key, issuer: root, signingKey: caKey), root)
    }

    static let packedSubject = [("C", "US"), ("O", "Latchkey Test"), ("OU", "Authenticator Attestation"), ("CN", "Test Authenticator")]
}

/// How a ceremony was refused: the step, and the verifier's reason.
struct Refusal: CustomStringConvertible {
    var step: VerificationStep
    var message: String
    var description: String { "\(step): \(message)" }
}

/// What a test expects of a refusal: the step, and a phrase of the reason, so a mutation
/// refused for some other cause than the rule it breaks is caught.
struct ExpectedRefusal {
    var step: VerificationStep
    var phrase: String
    static func refused(_ step: VerificationStep, _ phrase: String) -> ExpectedRefusal { .init(step: step, phrase: phrase) }
}

func == (actual: Refusal?, expected: ExpectedRefusal) -> Bool {
    guard let actual else { return false }
    return actual.step == expected.step && actual.message.contains(expected.phrase)
}
