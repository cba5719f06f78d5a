import Foundation
import TestSupport
import Testing

@testable import WebAuthn

@Suite struct ClientDataAndJSONTests {
    @Test func clientDataIsParsedAsJSONNotATemplate() throws {
        let cd = try CollectedClientData(json: ModelFixtures.clientDataJSON)
        #expect(cd.type == "webauthn.get")
        #expect(cd.challenge == [0, 1, 2, 3])
        #expect(cd.origin == "https://example.com")
        #expect(cd.crossOrigin == false)
        let reordered = Array(
            #"{"origin":"https://a.example","extra":{"nested":[1,2]},"challenge":"AAECAw","type":"webauthn.create","topOrigin":"https://top.example","crossOrigin":true}"#
                .utf8)
        let r = try CollectedClientData(json: reordered)
        #expect(r.crossOrigin == true && r.topOrigin == "https://top.example")
    }

    @Test(arguments: [
        #"{"challenge":"AAECAw","origin":"https://e.com"}"#, // type missing
        #"{"type":"webauthn.get","challenge":"AAE+Aw","origin":"https://e.com"}"#, // not base64url
        #"{"type":"webauthn.get","challenge":"AAECAw","origin":"https://e.com","crossOrigin":1}"#, // 1 is not a boolean
        #"{"type":"webauthn.get","challenge":"AAECAw","origin":5}"#,
        #"["type"]"#, "not json", "",
    ])
    func malformedClientDataIsRejected(_ text: String) {
        #expect(throws: WebAuthnError.self) { try CollectedClientData(json: Array(text.utf8)) }
    }

    @Test func serializationEscapesAndRoundTrips() throws {
        let cd = CollectedClientData(type: "webauthn.create", challenge: [0xFF, 0xFE], origin: "https://e\"x\\.com", crossOrigin: false)
        let back = try CollectedClientData(json: cd.jsonBytes)
        #expect(back.origin == "https://e\"x\\.com")
        #expect(back.challenge == [0xFF, 0xFE])
        #expect(String(decoding: cd.jsonBytes, as: UTF8.self).hasPrefix(#"{"type":"webauthn.create","challenge":"__4","origin":"#))
    }

    @Test func base64URLIsStrict() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("-_8=") == [0xFB, 0xFF])
        #expect(Base64URL.decode("+/8") == nil)
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("AA===") == nil)
        #expect(Base64URL.decode("A A") == nil)
        #expect(Base64URL.decode("") == [])
    }

    @Test func l3JSONFormsDecodeAndReportTheBadField() throws {
        let options = Array(
            #"{"rp":{"id":"example.com","name":"Ex"},"user":{"id":"AAEC","name":"a","displayName":"A"},"challenge":"AAECAw","pubKeyCredParams":[{"type":"public-key","alg":-7}],"extensions":{"credProps":true,"unknownExt":{"x":1}}}"#
                .utf8)
        let decoded = try WebAuthnJSON.decode(PublicKeyCredentialCreationOptionsJSON.self, from: options)
        #expect(decoded.user.id.bytes == [0, 1, 2])
        #expect(decoded.pubKeyCredParams.first?.alg == .es256)
        let bad = Array(
            #"{"rp":{"name":"Ex"},"user":{"id":"A+EC","name":"a","displayName":"A"},"challenge":"AAECAw","pubKeyCredParams":[]}"#.utf8)
        #expect(throws: WebAuthnError.self) { try WebAuthnJSON.decode(PublicKeyCredentialCreationOptionsJSON.self, from: bad) }
        do {
            _ = try WebAuthnJSON.decode(PublicKeyCredentialRequestOptionsJSON.self, from: Array(#"{"challenge":7}"#.utf8))
            Issue.record("accepted a numeric challenge")
        } catch {
            #expect("\(error)".contains("challenge"))
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: WebAuthnError.self) { try WebAuthnJSON.decode(PublicKeyCredentialRequestOptionsJSON.self, from: deep) }
    }

    @Test func fuzzJSONParsers() throws {
        var rng = SplitMix64(seed: 0x150)
        let response = AuthenticationResponseJSON(
            rawId: [1, 2, 3],
            response: .init(clientDataJSON: ModelFixtures.clientDataJSON, authenticatorData: [1], signature: [2], userHandle: [3]),
            authenticatorAttachment: .platform, clientExtensionResults: .init())
        let responseBytes = WebAuthnJSON.encode(response)
        var accepted = 0
        var rejected = 0
        for i in 0..<100_000 {
            if i % 2 == 0 {
                // Typed throws: any error that escapes is a WebAuthnError by construction.
                do {
                    _ = try CollectedClientData(json: rng.mutate(ModelFixtures.clientDataJSON))
                    accepted += 1
                } catch { rejected += 1 }
            } else {
                let decoded: AuthenticationResponseJSON
                do { decoded = try WebAuthnJSON.decode(AuthenticationResponseJSON.self, from: rng.mutate(responseBytes)) } catch {
                    rejected += 1
                    continue
                }
                accepted += 1
                // An accepted response re-encodes to JSON that decodes to the same value.
                #expect((try? WebAuthnJSON.decode(AuthenticationResponseJSON.self, from: WebAuthnJSON.encode(decoded))) == decoded)
            }
        }
        #expect(accepted > 0 && rejected > 10_000, "accepted \(accepted), rejected \(rejected)")
        // Base64URL: whatever decodes re-encodes to the same canonical text (no padding, no
        // ignored trailing bits), and never crashes on mutated input.
        for _ in 0..<100_000 {
            let text = String(decoding: rng.mutate(Array("AAECAwQFBgcICQ-_".utf8)), as: UTF8.self)
            if let bytes = Base64URL.decode(text) { #expect(Base64URL.encode(bytes) == text, "\(text) is not canonical") }
        }
    }
}

@Suite struct StrictParsingTests {
    @Test func duplicateClientDataMembersAreRejected() {
        let twoChallenges = #"{"type":"webauthn.get","challenge":"AAEC","challenge":"BBBB","origin":"https://e.com"}"#
        #expect(throws: WebAuthnError.self) { try CollectedClientData(json: Array(twoChallenges.utf8)) }
    }

    @Test(arguments: [
        (#"{"a":1}"#, true), (#" [1, -0.5e+3, "x\u00e9\ud83d\ude00", true, null, {}] "#, true),
        (#"{"a":01}"#, false), (#"{"a":1,}"#, false), (#"[1 2]"#, false), (#""\ud83d""#, false), (#""\x""#, false),
        ("\"\u{01}\"", false), (#"{"a":1} x"#, false), (#"tru"#, false),
        (String(repeating: "[", count: 40) + String(repeating: "]", count: 40), false),
    ])
    func strictJSONGrammar(_ text: String, _ valid: Bool) {
        let ok = (try? StrictJSON.parse(Array(text.utf8))) != nil
        #expect(ok == valid, "\(text)")
    }

    @Test func escapesDecode() throws {
        #expect(try StrictJSON.parse(Array(#""a\"b\\c\/\n\u00e9\ud83d\ude00""#.utf8)) == .string("a\"b\\c/\n\u{e9}\u{1F600}"))
    }

    @Test func base64URLHasOneEncodingPerValue() {
        #expect(Base64URL.decode("AB") == nil) // non-zero trailing bits
        #expect(Base64URL.decode("AA") == [0])
        for n in 0..<40 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }
}
