import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// send-email-verification / verify-email, and passwordless start / verify.
final class VerificationRouteTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func testEmailVerificationStateMachine() async throws {
        let token = try unwrap(try await server.signup(email: "ida@example.com").json["access_token"]?.stringValue)
        try server.env.store.clearOutbox()
        let send = try await server.client.post(
            "/identity/v1/send-email-verification", .object(["redirect_url": "reachfive-latchkey-local://email-verification"]), token: token
        )
        XCTAssertEqual(send.status, 200)
        XCTAssertEqual(send.json["verification_email_sent"], .bool(true))
        let mail = try await server.outbox(to: "ida@example.com")
        let code = try XCTUnwrap(mail.last?.code)
        XCTAssertEqual(code.count, 6)
        XCTAssertTrue(code.allSatisfy(\.isNumber))
        let verify = { (email: String, code: String) async throws -> HTTPClient.Reply in
            try await self.server.client.post(
                "/identity/v1/verify-email", .object(["email": .string(email), "verification_code": .string(code)]), token: token)
        }
        assertAPIError(try await verify("ida@example.com", code == "000000" ? "111111" : "000000"), status: 400, error: "invalid_grant")
        assertAPIError(try await verify("other@example.com", code), status: 400, error: "invalid_request")
        do {
            let r = try await verify("IDA@example.com", code)
            XCTAssertEqual(r.status, 200)
        }
        do {
            let r = try await server.client.get("/identity/v1/userinfo", token: token)
            XCTAssertEqual(r.json["email_verified"], .bool(true))
        }
        let again = try await server.client.post("/identity/v1/send-email-verification", .object([:]), token: token)
        XCTAssertEqual(again.json["verification_email_sent"], .bool(false), "already verified")
        // Without a session, a verified address answers exactly as an unknown one: the route
        // tells nobody which addresses are verified.
        let anonymous = { (email: String) async throws -> HTTPClient.Reply in
            try await self.server.client.post(
                "/identity/v1/verify-email",
                .object(["client_id": .string(self.server.clientId), "email": .string(email), "verification_code": "123456"]))
        }
        let verified = try await anonymous("ida@example.com")
        let unknown = try await anonymous("nobody-here@example.com")
        assertAPIError(verified, status: 400, error: "invalid_grant")
        XCTAssertEqual(verified.json["error_description"], unknown.json["error_description"])
        XCTAssertEqual(verified.json["error_message_key"], unknown.json["error_message_key"])
    }

    func testVerificationCodesExpire() async throws {
        let token = try unwrap(try await server.signup(email: "jo@example.com").json["access_token"]?.stringValue)
        let code = try unwrap(try await server.outbox(to: "jo@example.com").last?.code)
        server.env.clock.advance(seconds: 601)
        assertAPIError(
            try await server.client.post(
                "/identity/v1/verify-email", .object(["email": "jo@example.com", "verification_code": .string(code)]), token: token),
            status: 400, error: "invalid_grant")
    }

    /// Five wrong guesses end a code, the right one included; a new code starts afresh. The
    /// guesses count although each refusal rolls its own transaction back.
    func testFiveWrongGuessesEndACode() async throws {
        // The account-wide budget across codes (10 by default) is CodeLimitTests' subject.
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.limits.wrongCodesPerAccount = 100 })
        let token = try unwrap(try await server.signup(email: "gus@example.com").json["access_token"]?.stringValue)
        let verify = { (code: String) async throws -> HTTPClient.Reply in
            try await self.server.client.post(
                "/identity/v1/verify-email", .object(["email": "gus@example.com", "verification_code": .string(code)]), token: token)
        }
        let code = try unwrap(try await server.outbox(to: "gus@example.com").last?.code)
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<5 { assertAPIError(try await verify(wrong), status: 400, error: "invalid_grant") }
        assertAPIError(try await verify(code), status: 400, error: "invalid_grant")
        let me = try await server.client.get("/identity/v1/userinfo", token: token)
        XCTAssertEqual(me.json["email_verified"], .bool(false))

        _ = try await server.client.post("/identity/v1/send-email-verification", .object([:]), token: token)
        let fresh = try unwrap(try await server.outbox(to: "gus@example.com").last?.code)
        let freshWrong = fresh == "000000" ? "111111" : "000000"
        for _ in 0..<4 { assertAPIError(try await verify(freshWrong), status: 400, error: "invalid_grant") }
        let verified = try await verify(fresh)
        XCTAssertEqual(verified.status, 200, "four misses leave the code usable")
    }

    /// The free check (`verify-auth-code`, which does not consume) counts wrong guesses too.
    func testPeekingGuessesCount() async throws {
        let pkce = TestServer.pkce()
        let start = try await server.client.post(
            "/identity/v1/passwordless/start",
            .object([
                "client_id": .string(server.clientId), "email": "pia@example.com", "auth_type": "magic_link", "response_type": "code",
                "redirect_uri": .string(server.callback), "state": "s", "code_challenge": .string(pkce.challenge),
                "code_challenge_method": "S256",
            ]))
        XCTAssertEqual(start.status, 204)
        let code = try unwrap(try await server.outbox(to: "pia@example.com").last?.code)
        let wrong = code == "000000" ? "111111" : "000000"
        let check = { (code: String) async throws -> HTTPClient.Reply in
            try await self.server.client.post(
                "/identity/v1/verify-auth-code", .object(["email": "pia@example.com", "verification_code": .string(code)]))
        }
        for _ in 0..<5 { assertAPIError(try await check(wrong), status: 400, error: "invalid_grant") }
        assertAPIError(try await check(code), status: 400, error: "invalid_grant")
    }

    func testVerifyEmailIsRefusedWhenTheTemplateIsOff() async throws {
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.verifyEmailTemplate = false })
        let token = try unwrap(try await server.signup(email: "kim@example.com").json["access_token"]?.stringValue)
        let mail = try await server.outbox(to: "kim@example.com")
        XCTAssertEqual(mail.count, 0, "no email without the template")
        assertAPIError(
            try await server.client.post("/identity/v1/send-email-verification", .object([:]), token: token), status: 400,
            error: "invalid_request")
    }

    func testUnverifiedIdentifierLoginOffGivesNoTokensUntilVerified() async throws {
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.unverifiedIdentifierLogin = false })
        let signup = try await server.signup(email: "lou@example.com")
        XCTAssertEqual(signup.status, 200)
        XCTAssertNil(signup.json["access_token"], "the SDK's AwaitingIdentifierVerification")
        assertAPIError(try await server.passwordLogin(email: "lou@example.com"), status: 400, error: "invalid_grant")
    }

    func testPasswordlessByEmail() async throws {
        let pkce = TestServer.pkce()
        let start = try await server.client.post(
            "/identity/v1/passwordless/start",
            .object([
                "client_id": .string(server.clientId), "email": "mo@example.com", "auth_type": "magic_link", "response_type": "code",
                "redirect_uri": .string(server.callback), "state": "passwordless", "code_challenge": .string(pkce.challenge),
                "code_challenge_method": "S256",
            ]))
        XCTAssertEqual(start.status, 204, String(decoding: start.body, as: UTF8.self))
        let code = try unwrap(try await server.outbox(to: "mo@example.com").last?.code)
        do {
            let r = try await server.client.post(
                "/identity/v1/verify-auth-code", .object(["email": "mo@example.com", "verification_code": .string(code)]))
            XCTAssertEqual(r.status, 204)
        }
        let verify = try await server.client.post(
            "/identity/v1/passwordless/verify",
            .object([
                "client_id": .string(server.clientId), "email": "mo@example.com", "verification_code": .string(code),
                "state": "passwordless", "response_type": "code",
            ]))
        XCTAssertEqual(verify.status, 200)
        XCTAssertEqual(verify.json["state"], "passwordless")
        let token = try await server.token(code: try XCTUnwrap(verify.json["code"]?.stringValue), verifier: pkce.verifier)
        XCTAssertEqual(token.status, 200)
        let me = try await server.client.get("/identity/v1/userinfo", token: token.json["access_token"]?.stringValue)
        XCTAssertEqual(me.json["email_verified"], .bool(true))
        // The code was used up.
        assertAPIError(
            try await server.client.post(
                "/identity/v1/passwordless/verify",
                .object([
                    "client_id": .string(server.clientId), "email": "mo@example.com", "verification_code": .string(code),
                    "state": "passwordless",
                ])), status: 400, error: "invalid_grant")
    }

    func testErrorMessagesFollowAcceptLanguage() async throws {
        let fr = try await server.client.post(
            "/identity/v1/password/login",
            .object(["client_id": .string(server.clientId), "email": "x@example.com", "password": "whatever it is"]),
            headers: ["Accept-Language": "fr-CA,fr;q=0.9"])
        let de = try await server.client.post(
            "/identity/v1/password/login",
            .object(["client_id": .string(server.clientId), "email": "x@example.com", "password": "whatever it is"]),
            headers: ["Accept-Language": "de"])
        let none = try await server.client.post(
            "/identity/v1/password/login",
            .object(["client_id": .string(server.clientId), "email": "x@example.com", "password": "whatever it is"]))
        XCTAssertEqual(fr.json["error_user_msg"]?.stringValue, LocalizedMessages.message(.invalidEmailOrPassword, locale: "fr"))
        XCTAssertEqual(de.json["error_user_msg"]?.stringValue, LocalizedMessages.message(.invalidEmailOrPassword, locale: "de"))
        XCTAssertEqual(none.json["error_user_msg"]?.stringValue, "Invalid email or password")
        XCTAssertNotEqual(fr.json["error_user_msg"], none.json["error_user_msg"])
        XCTAssertEqual(fr.json["error_message_key"], "error.invalidEmailOrPassword")
    }
}
