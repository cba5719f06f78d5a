import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// Finding 7: ten anonymous wrong guesses at `verify-auth-code` blocked the victim's step-up,
/// magic link and reset for an hour, and five anonymous `forgot-password` calls stopped the
/// step-up code for fifteen minutes. Wrong guesses and sends now count against the codes they
/// could name: the step-up's budgets are the account holder's alone.
final class OwnerBudgetTests: XCTestCase {
    private let victim = "owner@example.com"

    /// An attacker sends finding 7's requests every minute of a whole wrong-guess window (one
    /// hour of the server's clock); every quarter of an hour the owner logs in with the password
    /// and passes the step-up.
    func testTheOwnerStepsUpWhileAnAttackerHammersTheCodeRoutes() async throws {
        let server = try await TestServer.start()
        let mfa = MfaFlows(server: server)
        let access = try unwrap(try await server.login(email: victim)["access_token"]?.stringValue)
        try await mfa.registerEmail(victim, access: access)
        let window = server.env.configuration.limits.wrongCodeWindow
        let attacker = HTTPClient(baseURL: server.baseURL)
        var refusedForTheAttacker = 0
        var stepUps = 0
        for minute in 0..<Int(window / 60) {
            for _ in 0..<10 {
                let guess = String(format: "%06d", Int.random(in: 0..<1_000_000))
                let reply = try await attacker.post(
                    "/identity/v1/verify-auth-code", .object(["email": .string(victim), "verification_code": .string(guess)]))
                XCTAssertNotEqual(reply.status, 204, "a random guess matched")
                if reply.status == 429 { refusedForTheAttacker += 1 }
            }
            for _ in 0..<5 {
                _ = try await attacker.post(
                    "/identity/v1/forgot-password", .object(["client_id": .string(server.clientId), "email": .string(victim)]))
            }
            if minute % 15 == 14 {
                let started = try await mfa.startedStepUp(email: victim)
                let verified = try await mfa.verifyChallenge(started.challengeId, code: started.code)
                XCTAssertEqual(verified.status, 200, "minute \(minute): \(String(decoding: verified.body, as: UTF8.self))")
                let token = try await server.token(code: try unwrap(verified.json["code"]?.stringValue), verifier: started.verifier)
                XCTAssertEqual(token.status, 200, "minute \(minute)")
                stepUps += 1
            }
            server.env.clock.advance(seconds: 60)
        }
        XCTAssertEqual(stepUps, 4)
        XCTAssertGreaterThan(refusedForTheAttacker, 0, "the attacker's guesses are still limited")
        await server.stop()
    }

    /// A step-up code answers only the challenge it was sent for: a second step-up of the same
    /// account (another device) replaces the code, and the first challenge cannot be finished
    /// with the second's code.
    func testAStepUpCodeAnswersOnlyItsChallenge() async throws {
        let server = try await TestServer.start()
        let mfa = MfaFlows(server: server)
        let access = try unwrap(try await server.login(email: victim)["access_token"]?.stringValue)
        try await mfa.registerEmail(victim, access: access)
        let first = try await mfa.startedStepUp(email: victim)
        let second = try await mfa.startedStepUp(email: victim)
        XCTAssertNotEqual(first.challengeId, second.challengeId)
        assertAPIError(try await mfa.verifyChallenge(first.challengeId, code: second.code), status: 400, error: "invalid_grant")
        let messages = try await server.outbox(to: victim)
        XCTAssertEqual(messages.last?.challengeId, second.challengeId, "the outbox names the challenge of each step-up code")
        await server.stop()
    }
}
