import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import TestSupport
import Testing

@Suite struct JOSETests {
    let key = try! P256PrivateKey.generate()
    var keySet: JWKSet { JWKSet(keys: [JWK(p256: key.publicKey, keyId: "k1")]) }
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func token(_ claims: [String: JSONValue]) throws -> String { try JWT.signES256(claims: claims, key: key, keyId: "k1") }

    var claims: [String: JSONValue] {
        ["iss": "https://issuer.example", "aud": "client-1", "sub": "user-1", "iat": .number(1_800_000_000), "exp": .number(1_800_000_600)]
    }

    func expectations(at date: Date? = nil) -> JWT.Expectations {
        .init(issuer: "https://issuer.example", audience: "client-1", now: date ?? now)
    }

    func expectRefusal(_ kind: JOSEError.Kind, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch let error as JOSEError {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("untyped \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func signedTokensVerifyAndCarryTheirClaims() throws {
        let jwt = try JWT.verify(try token(claims), keys: keySet, expecting: expectations())
        #expect(jwt.string("sub") == "user-1" && jwt.jws.keyId == "k1" && jwt.jws.algorithm == .es256)
    }

    @Test func everyChangedByteIsRefused() throws {
        let t = Array(try token(claims).utf8)
        for i in t.indices where t[i] != UInt8(ascii: ".") {
            var changed = t
            changed[i] = changed[i] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            #expect(throws: JOSEError.self) {
                try JWT.verify(String(decoding: changed, as: UTF8.self), keys: keySet, expecting: expectations())
            }
        }
    }

    @Test func registeredClaimsAreEnforced() throws {
        expectRefusal(.claim) {
            _ = try JWT.verify(try token(claims), keys: keySet, expecting: expectations(at: now.addingTimeInterval(661)))
        }
        #expect(throws: Never.self) {
            try JWT.verify(try token(claims), keys: keySet, expecting: expectations(at: now.addingTimeInterval(659)))
        }
        var noExp = claims
        noExp["exp"] = nil
        expectRefusal(.claim) { _ = try JWT.verify(try token(noExp), keys: keySet, expecting: expectations()) }
        var future = claims
        future["nbf"] = .number(1_800_000_100)
        expectRefusal(.claim) { _ = try JWT.verify(try token(future), keys: keySet, expecting: expectations()) }
        var other = claims
        other["aud"] = .array(["client-2", "client-3"])
        expectRefusal(.claim) { _ = try JWT.verify(try token(other), keys: keySet, expecting: expectations()) }
        other["aud"] = .array(["client-2", "client-1"])
        #expect(throws: Never.self) { try JWT.verify(try token(other), keys: keySet, expecting: expectations()) }
        var issuer = claims
        issuer["iss"] = "https://evil.example"
        expectRefusal(.claim) { _ = try JWT.verify(try token(issuer), keys: keySet, expecting: expectations()) }
    }

    @Test func headersThatMustNotPassAreRefused() throws {
        let valid = try token(claims)
        let parts = valid.split(separator: ".").map(String.init)
        func withHeader(_ json: String) -> String { Base64URL.encode(Array(json.utf8)) + "." + parts[1] + "." + parts[2] }
        expectRefusal(.unsupported) { _ = try CompactJWS(withHeader(#"{"alg":"none"}"#)) }
        expectRefusal(.unsupported) { _ = try CompactJWS(withHeader(#"{"alg":"HS256"}"#)) }
        expectRefusal(.unsupported) { _ = try CompactJWS(withHeader(#"{"alg":"ES256","crit":["exp"],"exp":1}"#)) }
        expectRefusal(.malformed) { _ = try CompactJWS(withHeader(#"{"alg":"ES256","alg":"none"}"#)) }
        expectRefusal(.malformed) { _ = try CompactJWS(withHeader(#"["ES256"]"#)) }
        expectRefusal(.malformed) { _ = try CompactJWS(parts[0] + "." + parts[1]) }
        expectRefusal(.malformed) { _ = try CompactJWS(String(repeating: "A", count: CompactJWS.maximumLength + 1)) }
        // The parts are split on the bytes: a dot that a combining mark joins into one character
        // still separates them, and what it leaves is not base64url; a fourth part is refused.
        expectRefusal(.malformed) { _ = try CompactJWS(parts[0] + ".\u{301}" + parts[1] + "." + parts[2]) }
        expectRefusal(.malformed) { _ = try CompactJWS(valid + "." + parts[2]) }
        // One token, one spelling: a part given `=` padding (a 64-byte signature is 86 characters,
        // so `==` pads it to a multiple of four) decodes to the same bytes but is refused.
        #expect(parts[2].count == 86)
        #expect(Base64URL.decode(parts[2] + "==") == Base64URL.decode(parts[2]))
        expectRefusal(.malformed) { _ = try JWT.verify(valid + "==", keys: keySet, expecting: expectations()) }
        let paddedHeader = Base64URL.encode(Array(#"{"alg":"ES256","typ":"JWT","kid":"k1"}"#.utf8))
        #expect(paddedHeader.count % 4 != 0)
        let padding = String(repeating: "=", count: 4 - paddedHeader.count % 4)
        expectRefusal(.malformed) { _ = try CompactJWS(paddedHeader + padding + "." + parts[1] + "." + parts[2]) }
        #expect(throws: Never.self) { try JWT.verify(valid, keys: keySet, expecting: expectations()) }
        // An algorithm the verifier did not name is refused even when the signature is good.
        expectRefusal(.unsupported) { try CompactJWS(valid).verify(with: try key.publicKey.verifyingKey(), allowed: [.rs256]) }
        // Another key, an unknown kid, or several keys and no kid: no match.
        let otherSet = JWKSet(keys: [JWK(p256: try P256PrivateKey.generate().publicKey, keyId: "k1")])
        expectRefusal(.signature) { _ = try JWT.verify(valid, keys: otherSet, expecting: expectations()) }
        expectRefusal(.signature) { _ = try keySet.key(for: "k2") }
        expectRefusal(.signature) { _ = try JWKSet(keys: keySet.keys + otherSet.keys).key(for: nil) }
    }

    @Test func jwksRoundTripsAndRefusesSecretsAndBadPoints() throws {
        let parsed = try JWKSet(json: Array(keySet.json.utf8))
        #expect(parsed == keySet)
        #expect(try parsed.keys[0].publicKey().rawPublicKey == key.publicKey.uncompressed)
        expectRefusal(.malformed) { _ = try JWKSet(json: Array(#"{"keys":[{"kty":"EC","crv":"P-256","x":"AA","y":"AA","d":"AA"}]}"#.utf8)) }
        var offCurve = keySet.keys[0]
        offCurve.members["y"] = offCurve.members["x"]
        expectRefusal(.malformed) { _ = try offCurve.publicKey() }
        // Unknown key types are skipped (RFC 7517 §5), not errors.
        #expect(try JWKSet(json: Array(#"{"keys":[{"kty":"oct","k":"AA"}]}"#.utf8)).keys.isEmpty)
    }

    /// RFC 7638 §3.1's example RSA key and its published thumbprint.
    @Test func thumbprintMatchesRFC7638() throws {
        let n =
            "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMs"
            + "tn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n"
            + "91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw"
        let jwk = JWK(keyId: nil, algorithm: nil, members: ["kty": "RSA", "n": n, "e": "AQAB"])
        #expect(try jwk.thumbprint() == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test func fuzzedTokensGiveTypedErrors() throws {
        var rng = SplitMix64(seed: 0x105E)
        let t = Array(try token(claims).utf8)
        for _ in 0..<20_000 {
            let input = rng.mutate(t)
            // Typed throws: whatever is refused is refused with a JOSEError.
            if let jwt = try? JWT.verify(String(decoding: input, as: UTF8.self), keys: keySet, expecting: expectations()) {
                #expect(input == t, "a changed token verified: \(jwt.claims)")
            }
        }
    }

    @Test func jsonTextParsesBackToTheSameValue() throws {
        let value: JSONValue = .object([
            "a": .string("q\"\\\n\u{1}\u{2028}é😀"), "b": .array([.number(1), .number(-2.5), .bool(true), .null]),
            "c": .object([:]),
        ])
        #expect(try StrictJSON.parse(Array(JSONText.serialize(value).utf8)) == value)
    }
}
