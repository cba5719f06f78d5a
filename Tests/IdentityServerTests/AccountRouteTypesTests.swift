import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The account routes over their typed bodies and the `Accounts` / `Verification` services:
/// decoding failures name the member (nested ones by path), update-profile's three states for
/// every kind of field, and a refused code send that leaves nothing behind.
final class AccountRouteTypesTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func testUpdateProfileNullDeletesStructuredFieldsAndWrongTypesNameTheField() async throws {
        let signup = try await server.signup(
            email: "dee@example.com",
            extra: ["nickname": "d", "custom_fields": .object(["tier": "gold"]), "addresses": .array([.object(["locality": "Lyon"])])])
        let token = try unwrap(signup.json["access_token"]?.stringValue)
        let path = "/identity/v1/update-profile"
        let cleared = try await server.client.post(path, .object(["custom_fields": .null, "addresses": .null]), token: token)
        XCTAssertEqual(cleared.status, 200, String(decoding: cleared.body, as: UTF8.self))
        XCTAssertNil(cleared.json["custom_fields"], "null deletes custom_fields")
        XCTAssertNil(cleared.json["addresses"], "null deletes addresses")
        XCTAssertEqual(cleared.json["nickname"], "d", "absent leaves")
        let wrong = try await server.client.post(path, .object(["nickname": .number(5)]), token: token)
        assertAPIError(wrong, status: 400, error: "invalid_request")
        XCTAssertEqual(wrong.json["error_details"]?.arrayFirst?["field"], "nickname")
        XCTAssertEqual(wrong.json["error_details"]?.arrayFirst?["code"], "type")
        let long = try await server.client.post(path, .object(["nickname": .string(String(repeating: "n", count: 2049))]), token: token)
        XCTAssertEqual(long.json["error_details"]?.arrayFirst?["code"], "too_long")
        // Nothing of the refused bodies was written.
        let me = try await server.client.get("/identity/v1/userinfo", token: token)
        XCTAssertEqual(me.json["nickname"], "d")
    }

    func testSignupDecodingFailuresNameTheMemberAndDuplicateKeysAreRefused() async throws {
        let typed = try await server.client.post(
            "/identity/v1/signup",
            .object(["client_id": .string(server.clientId), "data": .object(["email": .number(1), "password": "a long passphrase 42"])]))
        assertAPIError(typed, status: 400, error: "invalid_request")
        XCTAssertEqual(typed.json["error_details"]?.arrayFirst?["field"], "data.email")
        XCTAssertEqual(typed.json["error_details"]?.arrayFirst?["code"], "type")
        let missing = try await server.client.post("/identity/v1/signup", .object(["client_id": .string(server.clientId)]))
        XCTAssertEqual(missing.json["error_details"]?.arrayFirst?["field"], "data")
        XCTAssertEqual(missing.json["error_details"]?.arrayFirst?["code"], "required")
        let duplicate = #"{"client_id":"latchkey-local","data":{"email":"a@example.com","email":"b@example.com","password":"x"}}"#
        assertAPIError(
            try await server.client.send("POST", "/identity/v1/signup", body: Array(duplicate.utf8)), status: 400, error: "invalid_request")
        XCTAssertEqual(try server.env.store.allAccounts().count, 0)
    }

    func testConfigAndProvidersKeepTheirShape() async throws {
        let config = try await server.client.get("/identity/v1/config?client_id=\(server.clientId)")
        XCTAssertEqual(config.status, 200)
        XCTAssertEqual(config.json["sms"], .bool(server.env.configuration.sms))
        XCTAssertEqual(config.json["password_policy"]?["min_strength"], .number(Double(server.env.configuration.passwordMinimumScore)))
        XCTAssertEqual(config.json["password_policy"]?["allow_update_with_access_token_only"], .bool(true))
        assertAPIError(try await server.client.get("/identity/v1/config"), status: 400, error: "invalid_request")
        let providers = try await server.client.get("/api/v1/providers")
        XCTAssertEqual(providers.json["status"], "success")
        // No Apple without issuer keys; the emulated Google and Facebook, through the web login.
        XCTAssertEqual(
            providers.json["items"],
            .array(
                ["google", "facebook"].map {
                    .object([
                        "provider": .string($0), "variant": "web", "client_id": .string(server.clientId),
                        "scope": .array(["openid", "email", "profile"]),
                    ])
                }))
    }

    /// Passwordless start creates the account and sends its code in one transaction: a send
    /// refused by the identifier's limit leaves no account behind (it used to stay, codeless).
    func testARefusedPasswordlessStartCreatesNoAccount() async throws {
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.limits.codesPerIdentifier = 2 })
        for _ in 0..<2 {
            assertStatus(
                try await server.client.post(
                    "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": "new@example.com"])), 204)
        }
        let refused = try await AccountFlows(server: server).passwordlessStart(
            .email("new@example.com"), challenge: TestServer.pkce().challenge)
        assertAPIError(refused, status: 429, error: "too_many_requests")
        XCTAssertNil(try server.env.store.account(where: .email, equals: "new@example.com"), "the refused start created no account")
    }
}
