import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// Finding 7: a code died after 5 wrong guesses, but `passwordless/start` issued a new one with
/// no limit, so a chosen account's 6-digit code fell in about 15 minutes and its inbox got
/// thousands of emails. Codes are now limited per identifier, wrong guesses per account, and
/// the outbox is capped.
final class CodeLimitTests: XCTestCase {
    /// The sixth code within the window is a 429 with Retry-After; after the window the owner
    /// signs in. Unknown identifiers (forgot-password, account-recovery) count the same, so the
    /// limit says nothing about who has an account.
    func testCodesPerIdentifierAreLimited() async throws {
        let server = try await TestServer.start(
            TestServer.configuration {
                $0.limits.codesPerIdentifier = 5
                $0.limits.codeWindow = 900
            })
        let flows = AccountFlows(server: server)
        let pkce = TestServer.pkce()
        for _ in 0..<5 { assertStatus(try await flows.passwordlessStart(.email("ana@example.com"), challenge: pkce.challenge), 204) }
        let refused = try await flows.passwordlessStart(.email("ana@example.com"), challenge: pkce.challenge)
        assertAPIError(refused, status: 429, error: "too_many_requests")
        XCTAssertEqual(refused.json["error_message_key"], "error.tooManyRequests")
        let wait = try unwrap(refused.header("Retry-After").flatMap(Int.init), "Retry-After")
        XCTAssertTrue((1...900).contains(wait), "Retry-After \(wait)")
        try await assertEqualAsync(try await server.outbox(to: "ana@example.com").count, 5, "the refused request sent nothing")
        // The other code routes share the identifier's count.
        assertAPIError(
            try await server.client.post(
                "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": "ana@example.com"])),
            status: 429, error: "too_many_requests")
        // An unknown identifier answers alike: 204 five times, then 429.
        for _ in 0..<5 {
            assertStatus(
                try await server.client.post(
                    "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": "nobody@example.com"])), 204)
        }
        assertAPIError(
            try await server.client.post(
                "/identity/v1/account-recovery", .object(["client_id": .string(server.clientId), "email": "nobody@example.com"])),
            status: 429, error: "too_many_requests")
        // After the window the owner signs in.
        server.env.clock.advance(seconds: TimeInterval(wait))
        try await assertNotNilAsync(
            try await flows.userinfo(try await flows.passwordless(.email("ana@example.com"))), "the owner signs in after the window")
        let limits = try await server.client.get("/emulator/v1/limits")
        XCTAssertEqual(limits.json["codes_per_identifier"], .number(5))
        XCTAssertEqual(limits.json["code_window_seconds"], .number(900))
        await server.stop()
    }

    /// Wrong guesses count per account across codes: asking for a fresh code after every 4
    /// misses no longer buys guesses. Past the budget even the right code is a 429, until the
    /// window moves on; then the owner signs in.
    func testWrongGuessesHaveAnAccountWideBudget() async throws {
        let server = try await TestServer.start(
            TestServer.configuration {
                $0.limits.codesPerIdentifier = 100
                $0.limits.wrongCodesPerAccount = 10
                $0.limits.wrongCodeWindow = 3600
            })
        let flows = AccountFlows(server: server)
        let email = "bo@example.com"
        func check(_ code: String) async throws -> HTTPClient.Reply {
            try await server.client.post(
                "/identity/v1/verify-auth-code", .object(["email": .string(email), "verification_code": .string(code)]))
        }
        var misses = 0
        while misses < 10 {
            assertStatus(try await flows.passwordlessStart(.email(email), challenge: TestServer.pkce().challenge), 204)
            let code = try unwrap(try await flows.latestCode(to: email))
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<4 where misses < 10 {
                assertAPIError(try await check(wrong), status: 400, error: "invalid_grant")
                misses += 1
            }
        }
        assertStatus(try await flows.passwordlessStart(.email(email), challenge: TestServer.pkce().challenge), 204)
        let right = try unwrap(try await flows.latestCode(to: email))
        let refused = try await check(right)
        assertAPIError(refused, status: 429, error: "too_many_requests")
        let wait = try unwrap(refused.header("Retry-After").flatMap(Int.init))
        XCTAssertTrue((1...3600).contains(wait), "Retry-After \(wait)")
        try await assertNilAsync(try await flows.passwordless(.email(email)), "the right code got through past the budget")
        server.env.clock.advance(seconds: TimeInterval(wait))
        try await assertNotNilAsync(
            try await flows.userinfo(try await flows.passwordless(.email(email))), "the owner signs in after the window")
        let limits = try await server.client.get("/emulator/v1/limits")
        XCTAssertEqual(limits.json["wrong_codes_per_account"], .number(10))
        await server.stop()
    }

    /// The outbox keeps its newest `outbox_capacity` messages.
    func testTheOutboxIsCapped() async throws {
        let server = try await TestServer.start(TestServer.configuration { $0.limits.outboxCapacity = 3 })
        let flows = AccountFlows(server: server)
        for i in 0..<5 {
            assertStatus(try await flows.passwordlessStart(.email("cap\(i)@example.com"), challenge: TestServer.pkce().challenge), 204)
        }
        try await assertEqualAsync(
            try await server.emulator.outbox().map(\.to), ["cap2@example.com", "cap3@example.com", "cap4@example.com"])
        await server.stop()
    }
}
