import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

/// One failing assertion per §7.2 step, each made by mutating a valid assertion.
@Suite struct AuthenticationStepTests {
    var b = CeremonyBuilder()

    struct Assertion {
        var clientDataJSON: [UInt8]
        var authData: [UInt8]
        var signature: [UInt8]
        var credentialId: [UInt8]
        var userHandle: [UInt8]?
    }

    func assertion(
        flags: AuthenticatorData.Flags = [.userPresent, .userVerified], signCount: UInt32 = 0, rpId: String? = nil,
        clientData: [UInt8]? = nil, signer: P256PrivateKey? = nil
    ) throws -> Assertion {
        let cd = clientData ?? b.clientData(type: "webauthn.get")
        let ad = AuthenticatorData(rpIdHash: Digest.sha256(rpId ?? b.rpId), flags: flags, signCount: signCount).bytes
        return Assertion(
            clientDataJSON: cd, authData: ad, signature: try (signer ?? b.credentialKey).sign(ad + Digest.sha256(cd)),
            credentialId: b.credentialId, userHandle: [1, 2, 3])
    }

    func expectations(
        stored: UInt32 = 0, allow: [[UInt8]] = [], userHandle: [UInt8]? = [1, 2, 3], uv: Bool = false,
        storedBS: Bool? = nil, key: [UInt8]? = nil
    ) -> AuthenticationExpectations {
        AuthenticationExpectations(
            clientData: .init(expectedChallenge: b.challenge, expectedOrigins: [b.origin]), rpId: b.rpId,
            credentialPublicKey: key ?? b.cose.bytes, storedSignCount: stored, allowCredentials: allow,
            expectedUserHandle: userHandle, storedBackupState: storedBS, requireUserVerification: uv)
    }

    func step(_ a: Assertion, _ e: AuthenticationExpectations) -> VerificationStep? {
        do {
            _ = try AuthenticationVerifier.verify(
                credentialId: a.credentialId, clientDataJSON: a.clientDataJSON, authenticatorData: a.authData,
                signature: a.signature, userHandle: a.userHandle, expectations: e)
            return nil
        } catch { return error.step }
    }

    @Test func eachStepFailsWhereExpected() throws {
        let good = try assertion()
        #expect(step(good, expectations()) == nil)
        #expect(step(good, expectations(allow: [[9, 9]])) == .allowCredentials)
        #expect(step(good, expectations(allow: [b.credentialId])) == nil)
        #expect(step(good, expectations(userHandle: [7])) == .userHandle)
        #expect(step(try assertion(clientData: b.clientData(type: "webauthn.create")), expectations()) == .type)
        #expect(step(try assertion(clientData: b.clientData(type: "webauthn.get", challenge: [0])), expectations()) == .challenge)
        #expect(
            step(try assertion(clientData: b.clientData(type: "webauthn.get", origin: "https://evil.example")), expectations()) == .origin)
        #expect(step(try assertion(clientData: b.clientData(type: "webauthn.get", crossOrigin: true)), expectations()) == .crossOrigin)
        #expect(step(try assertion(rpId: "evil.example"), expectations()) == .rpIdHash)
        #expect(step(try assertion(flags: [.userVerified]), expectations()) == .userPresent)
        #expect(step(try assertion(flags: [.userPresent]), expectations(uv: true)) == .userVerified)
        #expect(step(try assertion(flags: [.userPresent, .backupState]), expectations()) == .backupState)
        #expect(step(try assertion(signer: try P256PrivateKey.generate()), expectations()) == .signature)
        var tampered = good
        tampered.authData[36] ^= 1 // the counter changed after signing
        #expect(step(tampered, expectations()) == .signature)
        #expect(step(good, expectations(key: [0xA0])) == .parse)
    }

    @Test func counterRuleIsADistinctPossibleCloneResult() throws {
        #expect(step(try assertion(signCount: 5), expectations(stored: 4)) == nil)
        #expect(step(try assertion(signCount: 0), expectations(stored: 0)) == nil)
        for (new, stored) in [(UInt32(4), UInt32(4)), (3, 4), (0, 4)] {
            let a = try assertion(signCount: new)
            do {
                _ = try AuthenticationVerifier.verify(
                    credentialId: a.credentialId, clientDataJSON: a.clientDataJSON, authenticatorData: a.authData,
                    signature: a.signature, userHandle: a.userHandle, expectations: expectations(stored: stored))
                Issue.record("accepted counter \(new) after \(stored)")
            } catch {
                #expect(error.step == .signCount && error.isPossibleClone)
            }
        }
    }

    @Test func backupStateChangesAreReported() throws {
        let a = try assertion(flags: [.userPresent, .backupEligible, .backupState])
        let r = try AuthenticationVerifier.verify(
            credentialId: a.credentialId, clientDataJSON: a.clientDataJSON, authenticatorData: a.authData,
            signature: a.signature, userHandle: a.userHandle, expectations: expectations(storedBS: false))
        #expect(r.backupStateChanged == true && r.backedUp)
        let same = try AuthenticationVerifier.verify(
            credentialId: a.credentialId, clientDataJSON: a.clientDataJSON, authenticatorData: a.authData,
            signature: a.signature, userHandle: a.userHandle, expectations: expectations(storedBS: true))
        #expect(same.backupStateChanged == false)
    }

    @Test func mlDSAKeyIsUnsupported() throws {
        let akp = COSEKey(algorithm: .mlDSA65, parameters: .akp(publicKey: [UInt8](repeating: 1, count: 1952))).bytes
        let a = try assertion()
        do {
            _ = try AuthenticationVerifier.verify(
                credentialId: a.credentialId, clientDataJSON: a.clientDataJSON, authenticatorData: a.authData,
                signature: a.signature, userHandle: a.userHandle, expectations: expectations(key: akp))
            Issue.record("ML-DSA passed")
        } catch {
            #expect(error.kind == .unsupported)
        }
    }
}
