import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

/// Rules other RP libraries enforce that a verifier must not skip: the credential's identity
/// across the response, the user handle a caller expects, curve/alg agreement, every trust
/// path of a compound statement, and saying plainly when no trust path was checked.
@Suite struct VerifierGapTests {
    let b = CeremonyBuilder()

    func packedX5C(_ ad: [UInt8], _ cdh: [UInt8]) throws -> (statement: CBOR, root: X509Certificate) {
        let attKey = try P256PrivateKey.generate()
        let (leaf, root) = try CeremonyBuilder.certificate(subject: CeremonyBuilder.packedSubject, key: attKey.publicKey)
        return (
            .map([(.text("alg"), -7), (.text("sig"), .bytes(try attKey.sign(ad + cdh))), (.text("x5c"), .array([.bytes(leaf.der)]))]), root
        )
    }

    func response(id: String? = nil, rawId: [UInt8]? = nil, type: String = "public-key") throws -> RegistrationResponseJSON {
        let cd = b.clientData()
        let ad = b.registrationAuthData()
        let object = b.attestationObject(fmt: "none", authData: ad, statement: .map([]))
        var r = RegistrationResponseJSON(
            rawId: rawId ?? b.credentialId,
            response: .init(
                clientDataJSON: cd, authenticatorData: nil, transports: nil,
                publicKey: nil, publicKeyAlgorithm: nil, attestationObject: object),
            authenticatorAttachment: nil, clientExtensionResults: .init(), type: type)
        if let id { r.id = id }
        return r
    }

    func failure(_ body: () throws(VerificationError) -> Void) -> VerificationError? {
        do {
            try body()
            return nil
        } catch { return error }
    }

    @Test func idRawIdAndAttestedIdMustAgree() throws {
        #expect(throws: Never.self) { _ = try RegistrationVerifier.verify(try response(), expectations: b.expectations()) }
        let otherRawId = try response(rawId: [9, 9, 9])
        let wrongId = try response(id: "AAAA")
        let wrongType = try response(type: "password")
        #expect(
            failure { () throws(VerificationError) in _ = try RegistrationVerifier.verify(otherRawId, expectations: b.expectations()) }?
                .step == .attestedCredentialData)
        #expect(
            failure { () throws(VerificationError) in _ = try RegistrationVerifier.verify(wrongId, expectations: b.expectations()) }?
                .message.contains("base64url encoding of credential.rawId") == true)
        #expect(
            failure { () throws(VerificationError) in _ = try RegistrationVerifier.verify(wrongType, expectations: b.expectations()) }?
                .message.contains("public-key") == true)
    }

    @Test func anExpectedUserHandleMustBePresent() throws {
        let authData = AuthenticatorData(rpIdHash: Digest.sha256(b.rpId), flags: [.userPresent], signCount: 0).bytes
        let cd = b.clientData(type: "webauthn.get")
        let signature = try b.credentialKey.sign(authData + Digest.sha256(cd))
        let e = AuthenticationExpectations(
            clientData: .init(expectedChallenge: b.challenge, expectedOrigins: [b.origin]), rpId: b.rpId,
            credentialPublicKey: b.cose.bytes, expectedUserHandle: [1, 2, 3])
        let missing = failure { () throws(VerificationError) in
            _ = try AuthenticationVerifier.verify(
                credentialId: b.credentialId, clientDataJSON: cd, authenticatorData: authData,
                signature: signature, userHandle: nil, expectations: e)
        }
        #expect(missing?.step == .userHandle && missing?.message.contains("is present") == true)
        #expect(throws: Never.self) {
            _ = try AuthenticationVerifier.verify(
                credentialId: b.credentialId, clientDataJSON: cd, authenticatorData: authData,
                signature: signature, userHandle: [1, 2, 3], expectations: e)
        }
    }

    /// An ES256 key on P-384 (the P-384 generator, a valid point) must be refused.
    @Test func curveMustMatchTheAlgorithm() throws {
        let gx = hex("aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7")
        let gy = hex("3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f")
        for (alg, fine) in [(COSEAlgorithm.es256, false), (.es384, true)] {
            let key = COSEKey(algorithm: alg, parameters: .ec2(curve: COSEKey.Curve.p384, x: gx, y: gy))
            let step = b.registrationStep(fmt: "none", authData: b.registrationAuthData(key: key)) { _, _ in .map([]) }
            #expect(step?.step == (fine ? nil : .algorithm), "\(alg.name) on P-384: \(String(describing: step))")
        }
    }

    @Test func everyCompoundTrustPathIsChecked() throws {
        var roots: [X509Certificate] = []
        let object = { (ad: [UInt8], cdh: [UInt8]) throws -> CBOR in
            let first = try packedX5C(ad, cdh)
            let second = try packedX5C(ad, cdh)
            roots = [first.root]
            return .array([
                .map([(.text("fmt"), "packed"), (.text("attStmt"), first.statement)]),
                .map([(.text("fmt"), "packed"), (.text("attStmt"), second.statement)]),
            ])
        }
        let cd = b.clientData()
        let ad = b.registrationAuthData()
        let bytes = b.attestationObject(fmt: "compound", authData: ad, statement: try object(ad, Digest.sha256(cd)))
        let refused = failure { () throws(VerificationError) in
            _ = try RegistrationVerifier.verify(clientDataJSON: cd, attestationObject: bytes, expectations: b.expectations(roots: roots))
        }
        #expect(refused?.step == .trustPath && refused?.message.contains("statement 1") == true, "\(String(describing: refused))")
    }

    @Test func theVerdictSaysWhetherTheTrustPathWasChecked() throws {
        let cd = b.clientData()
        let ad = b.registrationAuthData()
        let (statement, root) = try packedX5C(ad, Digest.sha256(cd))
        let bytes = b.attestationObject(fmt: "packed", authData: ad, statement: statement)
        #expect(
            try RegistrationVerifier.verify(clientDataJSON: cd, attestationObject: bytes, expectations: b.expectations()).trustPathStatus
                == .notChecked)
        #expect(
            try RegistrationVerifier.verify(clientDataJSON: cd, attestationObject: bytes, expectations: b.expectations(roots: [root]))
                .trustPathStatus == .verified)
        let none = b.attestationObject(fmt: "none", authData: ad, statement: .map([]))
        #expect(
            try RegistrationVerifier.verify(clientDataJSON: cd, attestationObject: none, expectations: b.expectations()).trustPathStatus
                == .notApplicable)
    }
}
