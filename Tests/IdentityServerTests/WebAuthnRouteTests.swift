import Authenticator
import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// Every WebAuthn route, driven by the project's software authenticator: signup, discoverable
/// and non-discoverable login, registration while signed in, list, delete, reset; and what the
/// verifier refuses (reused or foreign challenges, wrong origins, bad signatures, clones).
final class WebAuthnRouteTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func signupOptions(email: String, origin: String = "https://localhost") async throws -> HTTPClient.Reply {
        try await server.client.post(
            "/identity/v1/webauthn/signup-options",
            .object([
                "client_id": .string(server.clientId), "origin": .string(origin), "friendly_name": "Test phone",
                "scope": .string(TestServer.allScopes), "profile": .object(["email": .string(email), "given_name": "Pat"]),
            ]))
    }

    func signUp(email: String, device: PasskeyDevice) async throws -> JSONValue {
        let options = try await signupOptions(email: email)
        XCTAssertEqual(options.status, 200, String(decoding: options.body, as: UTF8.self))
        let credential = try device.create(options.json)
        let finish = try await server.client.post(
            "/identity/v1/webauthn/signup?origin=analytics",
            .object([
                "webauthn_id": .string(try XCTUnwrap(options.json["options"]?["public_key"]?["user"]?["id"]?.stringValue)),
                "public_key_credential": credential,
            ]))
        XCTAssertEqual(finish.status, 200, String(decoding: finish.body, as: UTF8.self))
        return try await server.exchange(tkn: try XCTUnwrap(finish.json["tkn"]?.stringValue))
    }

    func authenticationOptions(email: String? = nil) async throws -> HTTPClient.Reply {
        var body: [String: JSONValue] = [
            "client_id": .string(server.clientId), "origin": "https://localhost", "scope": .string(TestServer.allScopes),
        ]
        if let email { body["email"] = .string(email) }
        return try await server.client.post("/identity/v1/webauthn/authentication-options", .object(body))
    }

    func testSignupOptionsHaveEverythingTheSDKRequires() async throws {
        let options = try await signupOptions(email: "opt@example.com")
        let pk = try XCTUnwrap(options.json["options"]?["public_key"])
        XCTAssertEqual(options.json["friendly_name"], "Test phone")
        XCTAssertEqual(pk["rp"]?["id"], "localhost")
        XCTAssertNotNil(pk["rp"]?["name"]?.stringValue)
        XCTAssertEqual(Base64URL.decode(try XCTUnwrap(pk["user"]?["id"]?.stringValue))?.count, 32)
        XCTAssertEqual(pk["user"]?["name"], "opt@example.com")
        XCTAssertNotNil(pk["user"]?["display_name"]?.stringValue)
        XCTAssertEqual(Base64URL.decode(try XCTUnwrap(pk["challenge"]?.stringValue))?.count, 32)
        XCTAssertFalse(pk["challenge"]?.stringValue?.contains("=") ?? true, "base64url without padding")
        XCTAssertEqual(pk["pub_key_cred_params"]?.arrayFirst?["alg"], .number(-7))
        XCTAssertEqual(pk["attestation"], "none")
        assertAPIError(
            try await signupOptions(email: "opt@example.com", origin: "https://evil.example"), status: 400, error: "invalid_request")
    }

    func testPasskeySignupThenDiscoverableAndNamedLogin() async throws {
        let device = try PasskeyDevice()
        let tokens = try await signUp(email: "pat@example.com", device: device)
        let me = try await server.client.get("/identity/v1/userinfo", token: tokens["access_token"]?.stringValue)
        XCTAssertEqual(me.json["email"], "pat@example.com")
        XCTAssertEqual(me.json["given_name"], "Pat")
        // Discoverable: no allow_credentials; the user handle names the account.
        let options = try await authenticationOptions()
        XCTAssertEqual(options.status, 200)
        XCTAssertNil(options.json["public_key"]?["allow_credentials"])
        XCTAssertEqual(options.json["public_key"]?["rp_id"], "localhost")
        XCTAssertEqual(options.json["public_key"]?["user_verification"], "preferred")
        let assertion = try device.get(options.json)
        let finish = try await server.client.post("/identity/v1/webauthn/authentication", assertion)
        XCTAssertEqual(finish.status, 200, String(decoding: finish.body, as: UTF8.self))
        let login = try await server.exchange(tkn: try XCTUnwrap(finish.json["tkn"]?.stringValue))
        do {
            let r = try await server.client.get("/identity/v1/userinfo", token: login["access_token"]?.stringValue)
            XCTAssertEqual(r.json["uid"], me.json["uid"])
        }
        // The same assertion again: its challenge is spent.
        assertAPIError(try await server.client.post("/identity/v1/webauthn/authentication", assertion), status: 400, error: "invalid_grant")
        // Named (non-discoverable): allow_credentials lists the passkey.
        let named = try await authenticationOptions(email: "PAT@example.com")
        XCTAssertEqual(named.json["public_key"]?["allow_credentials"]?.arrayFirst?["id"], finish.json.isEmptyObject ? nil : assertion["id"])
        do {
            let r = try await server.client.post("/identity/v1/webauthn/authentication", try device.get(named.json))
            XCTAssertEqual(r.status, 200)
        }
        assertAPIError(try await authenticationOptions(email: "nobody@example.com"), status: 400, error: "invalid_grant")
    }

    func testSignupRefusesAForeignUserIdAndATakenEmail() async throws {
        let device = try PasskeyDevice()
        let options = try await signupOptions(email: "quin@example.com")
        let credential = try device.create(options.json)
        let wrongId = try await server.client.post(
            "/identity/v1/webauthn/signup",
            .object([
                "webauthn_id": .string(Base64URL.encode([UInt8](repeating: 7, count: 32))), "public_key_credential": credential,
            ]))
        assertAPIError(wrongId, status: 400, error: "invalid_request")
        XCTAssertTrue(try server.env.store.allAccounts().isEmpty, "nothing written")
        _ = try await signUp(email: "taken@example.com", device: device)
        assertAPIError(try await signupOptions(email: "taken@example.com"), status: 400, error: "email_already_exists")
    }

    func testWrongOriginTamperedSignatureAndExpiredChallengeAreRefused() async throws {
        let device = try PasskeyDevice()
        _ = try await signUp(email: "ray@example.com", device: device)
        var evil = device
        evil.origin = "https://evil.localhost"
        // The RP id "localhost" is not a registrable suffix of evil.localhost for a browser either;
        // the client may refuse first. Either way the server must never accept it.
        if let assertion = try? evil.get(try await authenticationOptions().json) {
            assertAPIError(
                try await server.client.post("/identity/v1/webauthn/authentication", assertion), status: 400, error: "invalid_grant")
        }
        let bad = try PasskeyDevice(store: device.store, overrides: .init(bogusSignature: true))
        assertAPIError(
            try await server.client.post("/identity/v1/webauthn/authentication", try bad.get(try await authenticationOptions().json)),
            status: 400, error: "invalid_grant")
        let options = try await authenticationOptions()
        server.env.clock.advance(seconds: 301)
        assertAPIError(
            try await server.client.post("/identity/v1/webauthn/authentication", try device.get(options.json)), status: 400,
            error: "invalid_grant")
    }

    func testACounterThatGoesBackIsAPossibleClone() async throws {
        let original = try PasskeyDevice(profile: .securityKey)
        _ = try await signUp(email: "sam@example.com", device: original)
        // The clone starts from the credential as it is now.
        let cloneStore = InMemoryCredentialStore()
        for credential in try original.store.credentials(forRP: "localhost") { try cloneStore.add(credential) }
        let clone = try PasskeyDevice(profile: .securityKey, store: cloneStore)
        for _ in 0..<2 {
            do {
                let options = try await authenticationOptions()
                let r = try await server.client.post("/identity/v1/webauthn/authentication", try original.get(options.json))
                XCTAssertEqual(r.status, 200)
            }
        }
        let cloned = try await server.client.post(
            "/identity/v1/webauthn/authentication", try clone.get(try await authenticationOptions().json))
        assertAPIError(cloned, status: 400, error: "possible_clone")
        let accounts = try await server.client.get("/emulator/v1/accounts").json
        XCTAssertEqual(accounts["accounts"]?.arrayFirst?["passkeys"]?.arrayFirst?["sign_count"], .number(2))
    }

    func testRegisterListDeleteAndReset() async throws {
        let tokens = try await server.login(email: "tia@example.com")
        let access = try XCTUnwrap(tokens["access_token"]?.stringValue)
        let laptop = try PasskeyDevice()
        let options = try await server.client.post(
            "/identity/v1/webauthn/registration-options", .object(["origin": "https://localhost", "friendly_name": "Laptop"]), token: access
        )
        XCTAssertEqual(options.status, 200)
        let registered = try await server.client.post(
            "/identity/v1/webauthn/registration?origin=x", try laptop.create(options.json), token: access)
        XCTAssertEqual(registered.status, 204, String(decoding: registered.body, as: UTF8.self))
        let list = try await server.client.get("/identity/v1/webauthn/registration", token: access)
        guard case .array(let items) = list.json else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0]["friendly_name"], "Laptop")
        XCTAssertNotNil(items[0]["created_at"]?.stringValue)
        XCTAssertNotNil(items[0]["aaguid"]?.stringValue)
        // Registration options exclude what is registered.
        let again = try await server.client.post(
            "/identity/v1/webauthn/registration-options", .object(["origin": "https://localhost"]), token: access)
        XCTAssertEqual(again.json["options"]?["public_key"]?["exclude_credentials"]?.arrayFirst?["id"], items[0]["id"])
        // Another account's token cannot finish this account's ceremony.
        let other = try await server.login(email: "uma@example.com")
        let phone = try PasskeyDevice()
        let foreign = try await server.client.post(
            "/identity/v1/webauthn/registration", try phone.create(again.json), token: other["access_token"]?.stringValue)
        assertAPIError(foreign, status: 400, error: "invalid_grant")
        // Delete: once 204, then 404.
        let id = try XCTUnwrap(items[0]["id"]?.stringValue)
        do {
            let r = try await server.client.delete("/identity/v1/webauthn/registration/\(id)", token: access)
            XCTAssertEqual(r.status, 204)
        }
        assertAPIError(
            try await server.client.delete("/identity/v1/webauthn/registration/\(id)", token: access), status: 404, error: "not_found")
        // Reset: account-recovery sends a code; reset-options and reset replace every passkey.
        do {
            let r = try await server.client.post(
                "/identity/v1/account-recovery", .object(["client_id": .string(server.clientId), "email": "tia@example.com"]))
            XCTAssertEqual(r.status, 204)
        }
        let code = try unwrap(try await server.outbox(to: "tia@example.com").last?.code)
        let resetOptions = try await server.client.post(
            "/identity/v1/webauthn/reset-options",
            .object([
                "client_id": .string(server.clientId), "email": "tia@example.com", "verification_code": .string(code),
                "friendly_name": "New phone", "origin": "https://localhost",
            ]))
        XCTAssertEqual(resetOptions.status, 200, String(decoding: resetOptions.body, as: UTF8.self))
        let newPhone = try PasskeyDevice()
        let reset = try await server.client.post(
            "/identity/v1/webauthn/reset?origin=x",
            .object([
                "client_id": .string(server.clientId), "email": "tia@example.com", "verification_code": .string(code),
                "public_key_credential": try newPhone.create(resetOptions.json),
            ]))
        XCTAssertEqual(reset.status, 204, String(decoding: reset.body, as: UTF8.self))
        // The recovery ends every session; the new passkey signs in and is the only one.
        assertAPIError(
            try await server.client.get("/identity/v1/webauthn/registration", token: access), status: 401, error: "invalid_token")
        let loginOptions = try await authenticationOptions()
        let login = try await server.client.post("/identity/v1/webauthn/authentication", try newPhone.get(loginOptions.json))
        XCTAssertEqual(login.status, 200)
        let fresh = try await server.exchange(tkn: try XCTUnwrap(login.json["tkn"]?.stringValue))
        let after = try await server.client.get("/identity/v1/webauthn/registration", token: fresh["access_token"]?.stringValue)
        XCTAssertEqual(after.json.arrayFirst?["friendly_name"], "New phone")
        if case .array(let items) = after.json { XCTAssertEqual(items.count, 1) } else { XCTFail("not a list") }
    }
}

extension JSONValue {
    var isEmptyObject: Bool { self == .object([:]) }
}
