import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The profile API: update-profile's three-state keys, the email/password/phone rules, the
/// full_write scope, update-email, update-phone-number and verify-phone-number.
final class ProfileRouteTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func update(_ token: String?, _ body: JSONValue) async throws -> HTTPClient.Reply {
        try await server.client.post("/identity/v1/update-profile?platform=ios&sdk=11.0.0", body, token: token)
    }

    func testAbsentKeepsNullDeletesValueSets() async throws {
        let signup = try await server.signup(
            email: "ann@example.com", extra: ["given_name": "Ann", "family_name": "Lee", "nickname": "al"])
        let token = try XCTUnwrap(signup.json["access_token"]?.stringValue)
        let reply = try await update(token, .object(["given_name": "Anne", "family_name": .null, "unknown_key": .number(1)]))
        XCTAssertEqual(reply.status, 200, String(decoding: reply.body, as: UTF8.self))
        XCTAssertEqual(reply.json["given_name"], "Anne", "a value sets")
        XCTAssertNil(reply.json["family_name"], "null deletes")
        XCTAssertEqual(reply.json["nickname"], "al", "an absent key leaves the field")
        XCTAssertNil(reply.json["unknown_key"], "unknown keys are ignored")
        XCTAssertEqual(reply.json["uid"]?.stringValue?.isEmpty, false)
        // The stored profile says the same.
        let me = try await server.client.get("/identity/v1/userinfo", token: token)
        XCTAssertEqual(me.json["given_name"], "Anne")
        XCTAssertNil(me.json["family_name"])
    }

    func testFullWriteIsRequired() async throws {
        let tokens = try await server.login(email: "ben@example.com", scope: "openid email profile")
        let reply = try await update(tokens["access_token"]?.stringValue, .object(["given_name": "Ben"]))
        assertAPIError(reply, status: 403, error: "insufficient_scope")
        assertAPIError(
            try await server.client.post(
                "/identity/v1/update-email", .object(["email": "b2@example.com"]), token: tokens["access_token"]?.stringValue),
            status: 403, error: "insufficient_scope")
        assertAPIError(try await update(nil, .object(["given_name": "Ben"])), status: 401, error: "invalid_token")
    }

    func testEmailAndPasswordOnlyWhenTheProfileHasNoEmail() async throws {
        let token = try unwrap(try await server.signup(email: "cat@example.com").json["access_token"]?.stringValue)
        assertAPIError(try await update(token, .object(["email": "other@example.com"])), status: 400, error: "invalid_request")
        assertAPIError(try await update(token, .object(["password": "a much better passphrase 42"])), status: 400, error: "invalid_request")
        assertAPIError(try await update(token, .object(["email": .null])), status: 400, error: "invalid_request")
        // The whole Profile sent back unchanged (updateProfile(authToken:profile:)) is fine.
        do {
            let r = try await update(token, .object(["email": "cat@example.com", "given_name": "Cat"]))
            XCTAssertEqual(r.status, 200)
        }
        // A profile without an email (a phone number and a custom identifier) may set one here.
        let noEmail = try await server.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": .string(server.clientId), "scope": .string(TestServer.allScopes),
                "data": .object([
                    "phone_number": "+33 6 11 22 33 44", "custom_identifier": "cat-no-email",
                    "password": "correct horse battery staple",
                ]),
            ]))
        XCTAssertEqual(noEmail.status, 200, String(decoding: noEmail.body, as: UTF8.self))
        let set = try await update(noEmail.json["access_token"]?.stringValue, .object(["email": "Cat2@Example.com"]))
        XCTAssertEqual(set.status, 200)
        XCTAssertEqual(set.json["email"], "cat2@example.com")
    }

    func testPhoneNumberIsRefusedWhileSMSIsOn() async throws {
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.sms = true })
        let token = try unwrap(try await server.signup(email: "dee@example.com").json["access_token"]?.stringValue)
        assertAPIError(try await update(token, .object(["phone_number": "+33612345678"])), status: 400, error: "invalid_request")
        // update-phone-number is the way, with an SMS code to verify it.
        let changed = try await server.client.post(
            "/identity/v1/update-phone-number", .object(["phone_number": "+33 6 12 34 56 78"]), token: token)
        XCTAssertEqual(changed.status, 200)
        XCTAssertEqual(changed.json["phone_number_verified"], .bool(false))
        let sms = try await server.outbox(to: "+33612345678")
        let code = try XCTUnwrap(sms.last?.code)
        XCTAssertEqual(sms.last?.channel, .sms)
        assertAPIError(
            try await server.client.post(
                "/identity/v1/verify-phone-number", .object(["phone_number": "+33612345678", "verification_code": "000000"]), token: token),
            status: 400, error: "invalid_grant")
        do {
            let r = try await server.client.post(
                "/identity/v1/verify-phone-number", .object(["phone_number": "+33612345678", "verification_code": .string(code)]),
                token: token)
            XCTAssertEqual(r.status, 204)
        }
        do {
            let r = try await server.client.get("/identity/v1/userinfo", token: token)
            XCTAssertEqual(r.json["phone_number_verified"], .bool(true))
        }
    }

    func testPhoneNumberAndCustomIdentifierWithSMSOff() async throws {
        let token = try unwrap(try await server.signup(email: "eli@example.com").json["access_token"]?.stringValue)
        let set = try await update(token, .object(["phone_number": "+1 650 253 0000", "custom_identifier": "eli-the-tester"]))
        XCTAssertEqual(set.status, 200, String(decoding: set.body, as: UTF8.self))
        XCTAssertEqual(set.json["phone_number"], "+16502530000")
        assertAPIError(try await update(token, .object(["phone_number": "12"])), status: 400, error: "invalid_request")
        let other = try unwrap(try await server.signup(email: "fin@example.com").json["access_token"]?.stringValue)
        assertAPIError(
            try await update(other, .object(["custom_identifier": "eli-the-tester"])), status: 400,
            error: "custom_identifier_already_exists")
        let deleted = try await update(token, .object(["phone_number": .null]))
        XCTAssertNil(deleted.json["phone_number"])
    }

    func testUpdateEmailSendsAVerificationAndResetsTheFlag() async throws {
        let token = try unwrap(try await server.signup(email: "gil@example.com").json["access_token"]?.stringValue)
        let reply = try await server.client.post(
            "/identity/v1/update-email",
            .object([
                "email": "Gil.New@example.com", "redirect_url": .string("\(server.env.configuration.customScheme)://email-verification"),
            ]),
            token: token)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.json["email"], "gil.new@example.com")
        XCTAssertEqual(reply.json["email_verified"], .bool(false))
        let mail = try await server.outbox(to: "gil.new@example.com")
        XCTAssertEqual(mail.count, 1)
        // The link verifies at the server, which then redirects to the app's email-verification URI.
        let link = try unwrap(mail[0].link.flatMap { URLComponents(string: $0) })
        XCTAssertEqual(link.path, "/identity/v1/verify-email")
        XCTAssertEqual(
            link.queryItems?.first { $0.name == "redirect_url" }?.value, "\(server.env.configuration.customScheme)://email-verification")
    }

    func testUpdatePasswordInItsThreeForms() async throws {
        let token = try unwrap(try await server.signup(email: "hana@example.com").json["access_token"]?.stringValue)
        let wrongOld = try await server.client.post(
            "/identity/v1/update-password", .object(["password": "brand new passphrase 77", "old_password": "nope nope nope"]), token: token
        )
        assertAPIError(wrongOld, status: 400, error: "invalid_grant")
        do {
            let r = try await server.client.post(
                "/identity/v1/update-password",
                .object(["password": "brand new passphrase 77", "old_password": "correct horse battery staple"]), token: token)
            XCTAssertEqual(r.status, 204)
        }
        do {
            let r = try await server.passwordLogin(email: "hana@example.com", password: "brand new passphrase 77")
            XCTAssertEqual(r.status, 200)
        }
        do {
            let r = try await server.client.post(
                "/identity/v1/update-password", .object(["password": "third passphrase of hana 9"]), token: token)
            XCTAssertEqual(r.status, 204)
        }
        // Without a token: a reset code from forgot-password.
        do {
            let r = try await server.client.post(
                "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": "hana@example.com"]))
            XCTAssertEqual(r.status, 204)
        }
        let unknown = try await server.client.post(
            "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": "nobody@example.com"]))
        XCTAssertEqual(unknown.status, 204, "no account enumeration")
        let code = try unwrap(try await server.outbox(to: "hana@example.com").last?.code)
        let body: (String) -> JSONValue = {
            .object([
                "client_id": .string(self.server.clientId), "email": "hana@example.com", "password": "reset passphrase for hana 3",
                "verification_code": .string($0),
            ])
        }
        assertAPIError(try await server.client.post("/identity/v1/update-password", body("999999")), status: 400, error: "invalid_grant")
        do {
            let r = try await server.client.post("/identity/v1/update-password", body(code))
            XCTAssertEqual(r.status, 204)
        }
        assertAPIError(try await server.client.post("/identity/v1/update-password", body(code)), status: 400, error: "invalid_grant")
        // A reset ends every session, the token from before included.
        assertAPIError(
            try await server.client.post("/identity/v1/update-password", .object(["password": "123"]), token: token), status: 401,
            error: "invalid_token")
        let login = try await server.passwordLogin(email: "hana@example.com", password: "reset passphrase for hana 3")
        XCTAssertEqual(login.status, 200)
        let fresh = try unwrap(try await server.exchange(tkn: try unwrap(login.json["tkn"]?.stringValue))["access_token"]?.stringValue)
        assertAPIError(
            try await server.client.post("/identity/v1/update-password", .object(["password": "123"]), token: fresh), status: 400,
            error: "password_too_weak")
    }
}
