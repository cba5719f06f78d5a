import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import WebAuthn

/// One failing registration per §7.1 step, each made by mutating a valid `none` registration,
/// and each failing at exactly that step.
@Suite struct RegistrationStepTests {
    let b = CeremonyBuilder()
    let none: (_: [UInt8], _: [UInt8]) -> CBOR = { _, _ in .map([]) }

    @Test func theUnmutatedRegistrationIsValid() throws {
        #expect(b.registrationStep(fmt: "none", statement: none) == nil)
        let object = b.attestationObject(fmt: "none", authData: b.registrationAuthData(), statement: .map([]))
        let r = try RegistrationVerifier.verify(clientDataJSON: b.clientData(), attestationObject: object, expectations: b.expectations())
        #expect(r.format == "none" && r.attestationType == .none && r.credentialId == b.credentialId)
        #expect(r.credentialPublicKey == b.cose.bytes && r.aaguid == b.aaguid && r.flags.rawValue == 0x45)
    }

    @Test func eachClientDataStepFailsWhereExpected() {
        #expect(b.registrationStep(fmt: "none", clientDataJSON: Array("{".utf8), statement: none)?.step == .parse)
        #expect(b.registrationStep(fmt: "none", clientDataJSON: b.clientData(type: "webauthn.get"), statement: none)?.step == .type)
        #expect(b.registrationStep(fmt: "none", clientDataJSON: b.clientData(challenge: [1, 2, 3]), statement: none)?.step == .challenge)
        #expect(
            b.registrationStep(fmt: "none", clientDataJSON: b.clientData(origin: "https://evil.example"), statement: none)?.step == .origin)
        #expect(b.registrationStep(fmt: "none", clientDataJSON: b.clientData(crossOrigin: true), statement: none)?.step == .crossOrigin)
        // Allowed cross-origin, but an unexpected top origin.
        #expect(
            b.registrationStep(
                fmt: "none", clientDataJSON: b.clientData(crossOrigin: true, topOrigin: "https://top.evil"),
                expectations: b.expectations(allowCrossOrigin: true, topOrigins: ["https://top.example"]), statement: none)?.step
                == .topOrigin)
        #expect(
            b.registrationStep(
                fmt: "none", clientDataJSON: b.clientData(crossOrigin: true, topOrigin: "https://top.example"),
                expectations: b.expectations(allowCrossOrigin: true, topOrigins: ["https://top.example"]), statement: none) == nil)
        let badBinding = Array(
            #"{"type":"webauthn.create","challenge":"\#(Base64URL.encode(b.challenge))","origin":"https://example.com","tokenBinding":{"status":"not-supported"}}"#
                .utf8)
        #expect(b.registrationStep(fmt: "none", clientDataJSON: badBinding, statement: none)?.step == .tokenBinding)
    }

    @Test func eachAuthenticatorDataStepFailsWhereExpected() {
        var c = b
        #expect(c.registrationStep(fmt: "none", authData: c.registrationAuthData(rpId: "other.com"), statement: none)?.step == .rpIdHash)
        c.flags = [.userVerified]
        #expect(c.registrationStep(fmt: "none", statement: none)?.step == .userPresent)
        c.flags = [.userPresent]
        #expect(c.registrationStep(fmt: "none", expectations: c.expectations(uv: true), statement: none)?.step == .userVerified)
        c.flags = [.userPresent, .backupState]
        #expect(c.registrationStep(fmt: "none", statement: none)?.step == .backupState)
        let noAT = AuthenticatorData(rpIdHash: Digest.sha256(b.rpId), flags: [.userPresent], signCount: 0).bytes
        #expect(b.registrationStep(fmt: "none", authData: noAT, statement: none)?.step == .attestedCredentialData)
        #expect(b.registrationStep(fmt: "none", expectations: b.expectations(algs: [.rs256]), statement: none)?.step == .algorithm)
        #expect(b.registrationStep(fmt: "not_real_fmt", statement: none)?.step == .attestationFormat)
        #expect(b.registrationStep(fmt: "none", statement: { _, _ in .map([(.text("x"), 1)]) })?.step == .attestationStatement)
        let object = b.attestationObject(fmt: "none", authData: b.registrationAuthData(), statement: .map([]))
        #expect(throws: VerificationError.self) {
            try RegistrationVerifier.verify(
                clientDataJSON: b.clientData(), attestationObject: Array(object.dropLast()), expectations: b.expectations())
        }
        do {
            _ = try RegistrationVerifier.verify(clientDataJSON: b.clientData(), attestationObject: [], expectations: b.expectations())
        } catch {
            #expect(error.step == .attestationObject)
        }
    }

    @Test func mlDSAIsReportedUnsupportedNeverPassed() throws {
        let akp = COSEKey(algorithm: .mlDSA44, parameters: .akp(publicKey: [UInt8](repeating: 7, count: 1312)))
        let object = b.attestationObject(fmt: "none", authData: b.registrationAuthData(key: akp), statement: .map([]))
        do {
            _ = try RegistrationVerifier.verify(
                clientDataJSON: b.clientData(), attestationObject: object, expectations: b.expectations(algs: [.mlDSA44]))
            Issue.record("ML-DSA passed")
        } catch {
            #expect(error.kind == .unsupported && error.step == .algorithm)
        }
    }
}
