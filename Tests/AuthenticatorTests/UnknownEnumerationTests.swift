import Foundation
import Testing
import WebAuthn

@testable import Authenticator

/// WebAuthn L3 §2.1.1: a client ignores an enumeration value it does not know, as if the member
/// were absent; it is never an error.
@Suite struct UnknownEnumerationTests {
    func creationJSON(residentKey: String, requireResidentKey: Bool, userVerification: String, attestation: String) -> [UInt8] {
        Array(
            """
            {"rp":{"id":"example.com","name":"Example"},"user":{"id":"dXNlcg","name":"alice","displayName":"Alice"},
             "challenge":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","pubKeyCredParams":[{"type":"public-key","alg":-7}],
             "authenticatorSelection":{"residentKey":"\(residentKey)","requireResidentKey":\(requireResidentKey),
                                       "userVerification":"\(userVerification)","authenticatorAttachment":"wrist"},
             "attestation":"\(attestation)","extensions":{"credProps":true}}
            """.utf8)
    }

    @Test func unknownValuesActAsAbsent() throws {
        let h = try Harness(profile: .securityKey, uv: FixedUserVerification.unavailable)
        // residentKey unknown → requireResidentKey decides; attestation unknown → "none";
        // userVerification unknown → "preferred", so an authenticator without UV still creates (with "required" it could not).
        for requireRK in [true, false] {
            let r = try h.client.create(
                optionsJSON: creationJSON(
                    residentKey: "sometimes", requireResidentKey: requireRK,
                    userVerification: "by-retina", attestation: "notarised"),
                origin: h.origin)
            #expect(r.clientExtensionResults.credProps?.rk == requireRK)
            let object = try AttestationObject(bytes: r.response.attestationObject.bytes)
            #expect(object.format == "none", "unknown conveyance must act as the default none")
            #expect(!object.authenticatorData.flags.contains(.userVerified))
        }
    }

    @Test func knownValuesStillDecide() throws {
        let h = try Harness(profile: .securityKey, uv: FixedUserVerification.unavailable)
        #expect(throws: ClientError.self) {
            _ = try h.client.create(
                optionsJSON: creationJSON(
                    residentKey: "required", requireResidentKey: false,
                    userVerification: "required", attestation: "direct"), origin: h.origin)
        }
        let r = try h.client.create(
            optionsJSON: creationJSON(
                residentKey: "required", requireResidentKey: false,
                userVerification: "discouraged", attestation: "direct"), origin: h.origin)
        #expect(r.clientExtensionResults.credProps?.rk == true)
        #expect(try AttestationObject(bytes: r.response.attestationObject.bytes).format == "packed")
    }

    @Test func unknownValuesRoundTripUnchanged() throws {
        let options = try WebAuthnJSON.decode(
            PublicKeyCredentialCreationOptionsJSON.self,
            from: creationJSON(
                residentKey: "sometimes", requireResidentKey: true,
                userVerification: "by-retina", attestation: "notarised"))
        #expect(options.authenticatorSelection?.residentKey?.known == nil)
        #expect(options.authenticatorSelection?.residentKey?.rawValue == "sometimes")
        #expect(options.authenticatorSelection?.authenticatorAttachment?.rawValue == "wrist")
        let again = try WebAuthnJSON.decode(PublicKeyCredentialCreationOptionsJSON.self, from: WebAuthnJSON.encode(options))
        #expect(again == options)
    }
}
