import Foundation
import XCTest

@testable import IdentityServer

/// The configuration file through the strict decoder: docs/server.md's example reads as written,
/// unknown keys are refused at every level, and every refusal names the key's path.
final class ConfigurationFileTests: XCTestCase {
    func refusal(_ json: String) -> String {
        do {
            _ = try ServerConfiguration(jsonFile: Array(json.utf8))
            return "accepted"
        } catch {
            return error.message
        }
    }

    func testRefusalsNameTheKeyPath() {
        XCTAssertEqual(refusal(#"{"limits": {"code_window": 0}}"#), "limits.code_window must be 1 s to 30 days")
        XCTAssertEqual(refusal(#"{"limits": {"outbox_capacity": 0}}"#), "limits.outbox_capacity must be 1 to 1000000")
        XCTAssertEqual(refusal(#"{"lifetimes": {"tkn": -1}}"#), "lifetimes.tkn must be 1 s to 10 years")
        XCTAssertTrue(refusal(#"{"lifetimes": {"tkn": 1.5}}"#).hasPrefix("lifetimes.tkn "))
        XCTAssertTrue(refusal(#"{"limits": {"code_window": "900"}}"#).hasPrefix("limits.code_window "))
        XCTAssertTrue(refusal(#"{"users": [{"email": "a@example.com"}, {"email": 5}]}"#).hasPrefix("users[1].email "))
        XCTAssertEqual(refusal(#"{"users": [{"password": "x"}]}"#), "users[0] needs an email, phone_number or custom_identifier")
        XCTAssertEqual(refusal(#"{"password_minimum_score": 7}"#), "password_minimum_score must be 0–4")
        XCTAssertEqual(refusal(#"{"default_country": "FRA"}"#), "default_country must be an ISO 3166-1 alpha-2 code")
        XCTAssertEqual(refusal(#"{"issuer": "ftp://x"}"#), "issuer must be an http or https URL without query or fragment")
        XCTAssertEqual(refusal(#"{"id_token_signed_response_alg": "HS256"}"#), "id_token_signed_response_alg must be ES256 or RS256")
        XCTAssertEqual(refusal(#"{"allowed_hosts": ["a b"]}"#), #"allowed_hosts: "a b" is not a host name or host:port"#)
        XCTAssertTrue(refusal(#"{"sms": "yes"}"#).hasPrefix("sms "))
        // SdkConfig 11.0 traps on the scheme reachfive-my_app (#50): refused where it can be fixed.
        XCTAssertTrue(refusal(#"{"client_id": "my_app"}"#).hasPrefix("client_id must be ASCII letters, digits"))
        XCTAssertTrue(refusal(#"{"client_id": ""}"#).hasPrefix("client_id must be"))
        XCTAssertEqual(refusal("[]"), "the configuration must be a JSON object")
        XCTAssertTrue(refusal(#"{"sms": true, "sms": false}"#).hasPrefix("the configuration file is not valid JSON"))
    }

    func testUnknownKeysAreRefusedAtEveryLevel() {
        XCTAssertEqual(refusal(#"{"client_idd": "x", "sms": "yes"}"#), #"unknown configuration key "client_idd""#)
        XCTAssertEqual(refusal(#"{"limits": {"code_windows": 5}}"#), #"unknown configuration key "limits.code_windows""#)
        XCTAssertEqual(refusal(#"{"lifetimes": {"token": 5}}"#), #"unknown configuration key "lifetimes.token""#)
        XCTAssertEqual(refusal(#"{"apple": {"jwks_fle": "x"}}"#), #"unknown configuration key "apple.jwks_fle""#)
        XCTAssertEqual(
            refusal(#"{"users": [{"email": "a@example.com", "name": "A"}]}"#), #"unknown configuration key "users[0].name""#)
    }

    /// docs/server.md's example is the format's documentation: it must read, value for value.
    func testTheReadmeExampleReadsAsWritten() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).appendingPathComponent("../../../docs/server.md").standardized, encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "**Configuration** (`--config FILE`"))
        let open = try XCTUnwrap(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "```", range: open.upperBound..<readme.endIndex))
        let c = try ServerConfiguration(jsonFile: Array(readme[open.upperBound..<close.lowerBound].utf8))
        XCTAssertEqual(c.clientId, "my-app")
        XCTAssertEqual(c.allowedCallbackURLs, ["reachfive-my-app://callback", "http://127.0.0.1:5000/callback"])
        XCTAssertEqual(c.passwordHashLogN, 15)
        XCTAssertEqual(c.allowedHosts, ["devbox.lan"])
        XCTAssertEqual(c.issuer, "http://127.0.0.1:8975")
        XCTAssertEqual(c.idTokenSignedResponseAlg, .es256)
        XCTAssertEqual(c.limits.codeWindow, 900)
        XCTAssertEqual(c.limits.outboxCapacity, 10_000)
        XCTAssertEqual(c.lifetimes.refreshToken, 2_592_000)
        XCTAssertEqual(c.apple.clientId, "com.example.app")
        XCTAssertEqual(c.users.count, 2)
        XCTAssertEqual(c.users.first?.emailVerified, true)
        XCTAssertEqual(c.users.last?.phoneNumber, "06 12 34 56 78")
    }

    /// An inline JWKS is as long as it needs to be (the decoder's default string limit is for
    /// request bodies, not this file).
    func testALongInlineJWKSIsRead() throws {
        let jwks = String(repeating: "k", count: 20_000)
        let c = try ServerConfiguration(jsonFile: Array(#"{"apple": {"jwks": "\#(jwks)"}}"#.utf8))
        XCTAssertEqual(c.apple.jwks?.count, 20_000)
    }
}
