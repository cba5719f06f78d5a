import Encoding
import Foundation
import TestSupport
import XCTest

@testable import IdentityServer

/// Bad input gets a 400 with a ReachFive error and writes nothing: oversized and deeply nested
/// bodies, malformed JSON, wrong types, and seeded random bodies on every POST route.
final class RequestLimitsTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    static let postRoutes = [
        "/identity/v1/signup-token", "/identity/v1/signup", "/identity/v1/password/login", "/oauth/token", "/oauth/revoke",
        "/identity/v1/update-profile", "/identity/v1/update-email", "/identity/v1/update-phone-number", "/identity/v1/verify-phone-number",
        "/identity/v1/update-password", "/identity/v1/forgot-password", "/identity/v1/send-email-verification", "/identity/v1/verify-email",
        "/identity/v1/passwordless/start", "/identity/v1/passwordless/verify", "/identity/v1/verify-auth-code",
        "/identity/v1/account-recovery",
        "/identity/v1/webauthn/signup-options", "/identity/v1/webauthn/signup", "/identity/v1/webauthn/authentication-options",
        "/identity/v1/webauthn/authentication", "/identity/v1/webauthn/registration-options", "/identity/v1/webauthn/registration",
        "/identity/v1/webauthn/reset-options", "/identity/v1/webauthn/reset",
    ]

    func testBodiesOverOneMebibyteAreRefusedWith400() async throws {
        let big = Array("{\"client_id\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 10) + Array("\"}".utf8)
        let reply = try await server.client.send("POST", "/identity/v1/password/login", body: big)
        assertAPIError(reply, status: 400, error: "invalid_request")
    }

    func testNestingDeeperThan64IsRefusedAnd64IsRead() async throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array(
                ("{\"client_id\":\"latchkey-local\",\"x\":" + String(repeating: "[", count: depth - 1)
                    + String(repeating: "]", count: depth - 1) + "}").utf8)
        }
        let deep = try await server.client.send("POST", "/identity/v1/password/login", body: nested(65))
        assertAPIError(deep, status: 400, error: "invalid_request")
        XCTAssertTrue(deep.json["error_description"]?.stringValue?.contains("nesting") == true)
        // At 64 the body is read, and the route's own rule answers (no password given).
        let ok = try await server.client.send("POST", "/identity/v1/password/login", body: nested(64))
        assertAPIError(ok, status: 400, error: "invalid_request")
        XCTAssertTrue(ok.json["error_description"]?.stringValue?.contains("password") == true, String(decoding: ok.body, as: UTF8.self))
    }

    func testMalformedJSONAndWrongTypesAre400WithTheField() async throws {
        for body in ["{", "[]", "\"x\"", "{\"a\":1,\"a\":2}", "{\"client_id\":\"latchkey-local\",}", "\u{FF}"] {
            assertAPIError(
                try await server.client.send("POST", "/identity/v1/password/login", body: Array(body.utf8)), status: 400,
                error: "invalid_request")
        }
        let typed = try await server.client.post(
            "/identity/v1/password/login", .object(["client_id": "latchkey-local", "email": .number(5), "password": "x"]))
        assertAPIError(typed, status: 400, error: "invalid_request")
        XCTAssertEqual(typed.json["error_details"]?.arrayFirst?["field"], "email")
    }

    func testUnknownRoutesAndMethodsGetJSONErrors() async throws {
        assertAPIError(try await server.client.get("/identity/v1/nothing-here"), status: 404, error: "not_found")
        let wrongMethod = try await server.client.send("PUT", "/identity/v1/password/login", body: Array("{}".utf8))
        XCTAssertTrue([404, 405].contains(wrongMethod.status))
        XCTAssertNotNil(wrongMethod.json["error"]?.stringValue)
    }

    /// Seeded fuzz: random and mutated bodies on every POST route, with and without a valid
    /// token. Never a 5xx, always a JSON answer, and no account appears from garbage.
    func testFuzzedBodiesNeverCauseA5xx() async throws {
        let token = try unwrap(try await server.signup(email: "fuzz@example.com").json["access_token"]?.stringValue)
        let accountsBefore = try server.env.store.allAccounts().count
        var rng = SplitMix64(seed: 0x5EED_1DE7)
        let seeds: [String] = [
            #"{"client_id":"latchkey-local","email":"a@b.co","password":"pw","scope":"openid"}"#,
            #"{"client_id":"latchkey-local","data":{"email":"z@example.com","password":"x"},"scope":"openid"}"#,
            #"{"webauthn_id":"AAAA","public_key_credential":{"id":"AQ","raw_id":"AQ","type":"public-key","response":{"client_data_json":"e30","attestation_object":"oA"}}}"#,
            #"{"id":"AQ","raw_id":"AQ","type":"public-key","response":{"authenticator_data":"AA","client_data_json":"eyJjaGFsbGVuZ2UiOiJ4In0","signature":"AA","user_handle":"AA"}}"#,
            #"{"given_name":null,"phone_number":"+33612345678","custom_fields":{"a":[1,2]},"consents":{"n":{"granted":true}}}"#,
        ]
        for i in 0..<600 {
            let route = Self.postRoutes[Int(rng.next() % UInt64(Self.postRoutes.count))]
            var body = Array(seeds[Int(rng.next() % UInt64(seeds.count))].utf8)
            let mutations = Int(rng.next() % 6)
            for _ in 0..<mutations where !body.isEmpty {
                let at = Int(rng.next() % UInt64(body.count))
                switch rng.next() % 4 {
                case 0: body[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: body.remove(at: at)
                case 2: body.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                default: body = Array(body[..<at])
                }
            }
            let headers = i % 2 == 0 ? ["Authorization": "Bearer \(token)"] : [:]
            let reply = try await server.client.send("POST", route + "?platform=ios&sdk=11.0.0", body: body, headers: headers)
            XCTAssertLessThan(
                reply.status, 500, "\(route) \(String(decoding: body, as: UTF8.self)) → \(String(decoding: reply.body, as: UTF8.self))")
            if reply.status >= 400 { XCTAssertNotNil(reply.json["error"]?.stringValue, "\(route) gave a non-JSON error") }
        }
        let accountsAfter = try server.env.store.allAccounts().count
        XCTAssertLessThanOrEqual(accountsAfter - accountsBefore, 3, "only well-formed signups could have created accounts")
        XCTAssertTrue(try server.env.store.integrityCheck())
    }

    /// Random bytes into the typed bodies' decoder: a value or a decoding error, never a crash.
    func testTypedBodyDecoderFuzz() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<5000 {
            let count = Int(rng.next() % 64)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            do {
                let update = try RequestBody.decoder.decode(ProfileUpdate.self, from: bytes)
                XCTAssertTrue(update.strings.values.allSatisfy { !$0.isAbsent })
            } catch {
                XCTAssertFalse(error.description.isEmpty)
            }
        }
    }

    func testConfigurationFileRefusesTyposAndWrongTypes() throws {
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"client_idd":"x"}"#.utf8)))
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"sms":"yes"}"#.utf8)))
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"password_minimum_score":7}"#.utf8)))
        XCTAssertThrowsError(try ServerConfiguration(jsonFile: Array(#"{"users":[{"password":"x"}]}"#.utf8)))
        let c = try ServerConfiguration(
            jsonFile: Array(#"{"client_id":"app","sms":true,"lifetimes":{"tkn":5},"users":[{"email":"a@b.co","password":"pw"}]}"#.utf8))
        XCTAssertEqual(c.clientId, "app")
        XCTAssertTrue(c.sms)
        XCTAssertEqual(c.lifetimes.tkn, 5)
        XCTAssertEqual(c.users.first?.email, "a@b.co")
        XCTAssertEqual(c.callbackURLs.first, "reachfive-app://callback")
        var rng = SplitMix64(seed: 7)
        let seed = Array(#"{"client_id":"app","lifetimes":{"tkn":5},"users":[{"email":"a@b.co"}],"scopes":["openid"]}"#.utf8)
        for _ in 0..<2000 {
            var b = seed
            for _ in 0..<Int(rng.next() % 4) { b[Int(rng.next() % UInt64(b.count))] = UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? ServerConfiguration(jsonFile: b)
        }
    }
}
