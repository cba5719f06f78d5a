import CBOR
import TestSupport
import Testing

@testable import WebAuthn

@Suite struct AttestationObjectTests {
    @Test func parsesAndKeepsRawAuthData() throws {
        let object = try AttestationObject(bytes: ModelFixtures.attestationObject)
        #expect(object.format == "none")
        #expect(object.rawAuthenticatorData == ModelFixtures.registrationAuthData.bytes)
        #expect(object.bytes == ModelFixtures.attestationObject)
    }

    @Test func missingOrMistypedMembersAreRejected() {
        #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: []) }
        #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: CBOREncoder.encode(.map([("fmt", "none")]))) }
        #expect(throws: WebAuthnError.self) {
            try AttestationObject(bytes: CBOREncoder.encode(.map([("fmt", 1), ("attStmt", .map([])), ("authData", .bytes([]))])))
        }
        #expect(throws: WebAuthnError.self) {
            try AttestationObject(bytes: CBOREncoder.encode(.map([("fmt", "none"), ("attStmt", .array([])), ("authData", .bytes([]))])))
        }
        #expect(throws: WebAuthnError.self) { try AttestationObject(bytes: CBOREncoder.encode(.array([]))) }
    }

    @Test func fuzzAttestationObject() {
        var rng = SplitMix64(seed: 0xA77)
        var rejected = 0
        for _ in 0..<100_000 {
            // Typed throws: every refusal is a WebAuthnError by construction.
            do { _ = try AttestationObject(bytes: rng.mutate(ModelFixtures.attestationObject)) } catch { rejected += 1 }
        }
        #expect(rejected > 40_000)
    }
}
