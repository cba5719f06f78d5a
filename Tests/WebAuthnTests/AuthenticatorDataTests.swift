import CBOR
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

@Suite struct AuthenticatorDataTests {
    @Test func layoutMatchesTheSpec() throws {
        let bytes = ModelFixtures.registrationAuthData.bytes
        #expect(Array(bytes[0..<32]) == Digest.sha256("example.com"))
        #expect(bytes[32] == 0x01 | 0x04 | 0x40 | 0x80)
        #expect(Array(bytes[33..<37]) == [0, 0, 0, 7])
        #expect(AAGUID(bytes: Array(bytes[37..<53]))?.description == "fbfc3007-154e-4ecc-8c0b-6e020557d7bd")
        #expect(Array(bytes[53..<55]) == [0, 16])
        #expect(Array(bytes[55..<71]) == ModelFixtures.credentialId)
        let parsed = try AuthenticatorData(bytes: bytes)
        #expect(parsed == ModelFixtures.registrationAuthData)
        #expect(parsed.attestedCredentialData?.credentialPublicKeyBytes == ModelFixtures.cose.bytes)
        #expect(parsed.extensions?[text: "credProtect"]?.intValue == 2)
    }

    @Test func flagsMustAnnounceWhatFollows() throws {
        var bytes = ModelFixtures.registrationAuthData.bytes
        bytes[32] &= ~0x80 // ED cleared, extensions still present
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(bytes: bytes) }
        var noAT = Digest.sha256("x") + [0x41, 0, 0, 0, 0] // AT set, nothing follows
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(bytes: noAT) }
        noAT[32] = 0x81
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(bytes: noAT) }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(bytes: Array(repeating: 0, count: 36)) }
        #expect(throws: WebAuthnError.self) { try AuthenticatorData(bytes: Array(repeating: 0, count: 38)) }
        #expect(try AuthenticatorData(bytes: Array(repeating: 0, count: 37)).signCount == 0)
    }

    @Test func credentialIdLengthIsBounded() {
        var bytes = Digest.sha256("x") + [0x41, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [0x04, 0x00]
        bytes += [UInt8](repeating: 1, count: 1024) + ModelFixtures.cose.bytes
        #expect(throws: WebAuthnError.malformedAuthenticatorData("credentialIdLength 1024 exceeds 1023")) {
            try AuthenticatorData(bytes: bytes)
        }
    }

    @Test func fuzzAuthenticatorData() {
        var rng = SplitMix64(seed: 0xAD)
        let seed = ModelFixtures.registrationAuthData.bytes
        var rejected = 0
        for _ in 0..<100_000 {
            // Typed throws: every refusal is a WebAuthnError by construction.
            do { _ = try AuthenticatorData(bytes: rng.mutate(seed)) } catch { rejected += 1 }
        }
        #expect(rejected > 40_000)
    }
}
