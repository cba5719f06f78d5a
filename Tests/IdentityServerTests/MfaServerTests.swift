import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The server's MFA rules: a password login of an account with a factor steps up (its tkn then
/// redeems nothing), the step-up's code obeys the code limits, the code ends in tokens, a trusted
/// device skips the next step-up until it is deleted, and `mfa.step_up` chooses when.
final class MfaServerTests: XCTestCase {
    private let email = "mfa.server@example.com"

    private func start(_ adjust: (inout ServerConfiguration) -> Void = { _ in }) async throws -> (TestServer, MfaFlows, String) {
        let server = try await TestServer.start(TestServer.configuration(adjust))
        let mfa = MfaFlows(server: server)
        let access = try unwrap(try await server.login(email: email)["access_token"]?.stringValue)
        try await mfa.registerEmail(email, access: access)
        return (server, mfa, access)
    }

    func testStepUpEndsInTokensAndTheLoginTknRedeemsNothing() async throws {
        let (server, mfa, _) = try await start()
        let login = try await mfa.passwordLogin(email: email)
        XCTAssertEqual(login.json["mfa_required"], .bool(true))
        let stepUpTkn = try unwrap(login.json["tkn"]?.stringValue)
        let authorize = try await server.authorize(tkn: stepUpTkn, challenge: TestServer.pkce().challenge)
        XCTAssertNil(authorize.query("code"), "the step-up's tkn bypassed the second factor")

        let started = try await mfa.startedStepUp(email: email)
        let verified = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(verified.status, 200)
        let token = try await server.token(code: try unwrap(verified.json["code"]?.stringValue), verifier: started.verifier)
        XCTAssertEqual(token.status, 200, String(decoding: token.body, as: UTF8.self))
        XCTAssertNotNil(token.json["access_token"])
        await server.stop()
    }

    /// Five wrong guesses spend the code (IdentityStore.codeAttemptLimit): the right one then fails.
    func testStepUpCodeObeysTheGuessLimit() async throws {
        let (server, mfa, _) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        for _ in 0..<IdentityStore.codeAttemptLimit {
            let wrong = try await mfa.verifyChallenge(started.challengeId, code: started.code == "000000" ? "111111" : "000000")
            XCTAssertEqual(wrong.status, 400)
        }
        let late = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(late.status, 400, "a code past its guess limit still worked")
        await server.stop()
    }

    func testAStepUpCodeIsSingleUse() async throws {
        let (server, mfa, _) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        let first = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(first.status, 200)
        let again = try await mfa.verifyChallenge(started.challengeId, code: started.code)
        XCTAssertEqual(again.status, 400)
        await server.stop()
    }

    func testATrustedDeviceSkipsTheStepUpUntilDeleted() async throws {
        let (server, mfa, access) = try await start()
        let started = try await mfa.startedStepUp(email: email)
        let verified = try await mfa.verifyChallenge(started.challengeId, code: started.code, trustDevice: true)
        let setCookie = try unwrap(verified.header("Set-Cookie"))
        let cookie = String(setCookie.split(separator: ";")[0])
        XCTAssertTrue(cookie.hasPrefix("\(Mfa.trustedDeviceCookie)="))

        let trusted = try await mfa.passwordLogin(email: email, cookie: cookie)
        XCTAssertEqual(trusted.json["mfa_required"], .bool(false))

        let id = String(cookie.dropFirst(Mfa.trustedDeviceCookie.count + 1))
        let deleted = try await server.client.delete("/identity/v1/mfa/trusteddevices/\(id)", token: access)
        XCTAssertEqual(deleted.status, 204)
        let again = try await mfa.passwordLogin(email: email, cookie: cookie)
        XCTAssertEqual(again.json["mfa_required"], .bool(true))
        await server.stop()
    }

    func testPolicyNeverAndAlways() async throws {
        let (never, mfaNever, _) = try await start { $0.mfa.stepUp = .never }
        let login = try await mfaNever.passwordLogin(email: email)
        XCTAssertEqual(login.json["mfa_required"], .bool(false))
        await never.stop()

        let always = try await TestServer.start(TestServer.configuration { $0.mfa.stepUp = .always })
        _ = try await always.signup(email: "nofactor@example.com")
        let stepped = try await MfaFlows(server: always).passwordLogin(email: "nofactor@example.com")
        XCTAssertEqual(stepped.json["mfa_required"], .bool(true))
        await always.stop()
    }

    func testWithoutAFactorTheLoginDoesNotStepUp() async throws {
        let server = try await TestServer.start()
        _ = try await server.login(email: "plain@example.com")
        let login = try await MfaFlows(server: server).passwordLogin(email: "plain@example.com")
        XCTAssertEqual(login.json["mfa_required"], .bool(false))
        await server.stop()
    }
}
