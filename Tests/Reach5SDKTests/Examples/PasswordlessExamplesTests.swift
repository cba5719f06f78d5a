import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// startPasswordless, verifyPasswordlessCode and addPasswordlessCallback pages: the start sends a
/// link (email) or a code (SMS); the code, verified, logs the profile in; the magic link, handed
/// to `interceptUrl`, reaches the callback with the tokens.
final class PasswordlessExamplesTests: FlowsExampleTestCase {
    func testStartPasswordlessWithEmail() async throws {
        let mark = recorder.requests.count
        await E110_startPasswordlessWithEmail.run()
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/passwordless/start"])
        let first = try await message(to: "john.doe@gmail.com")
        // The link opens the server, which redirects to the app's callback (the start's redirect URI).
        let link = try XCTUnwrap(first.link.flatMap { URLComponents(string: $0) })
        XCTAssertEqual(link.path, "/identity/v1/passwordless/verify")
        XCTAssertEqual(link.queryItems?.first { $0.name == "redirect_uri" }?.value, "reachfive-\(clientId)://callback")
        E82_startPasswordlessWithEmail.run()
        await settle()
        let awaited5 = try await message(to: "john.doe@gmail.com").id
        XCTAssertGreaterThan(awaited5, first.id)
    }

    func testStartPasswordlessWithPhoneNumber() async throws {
        await E110_startPasswordlessWithPhoneNumber.run()
        let first = try await message(to: "+33792244940")
        XCTAssertEqual(first.channel, .sms)
        XCTAssertNotNil(first.code)
        E82_startPasswordlessWithPhoneNumber.run()
        await settle()
        let awaited6 = try await message(to: "+33792244940").id
        XCTAssertGreaterThan(awaited6, first.id)
    }

    private func assertLoggedIn(_ identifier: String, since mark: Int, logins: Int) async throws {
        XCTAssertEqual(
            paths(since: mark), ["POST /identity/v1/verify-auth-code", "POST /identity/v1/passwordless/verify", "POST /oauth/token"])
        let awaited7 = try await server.emulator.account(identifier: identifier)?.loginsCount
        XCTAssertEqual(awaited7, logins)
    }

    func testVerifyPasswordlessCodeWithEmail() async throws {
        let runs: [() async -> Void] = [
            { await E110_verifyPasswordlessCodeWithEmail.run() }, { E82_verifyPasswordlessCodeWithEmail.run() },
        ]
        for (index, run) in runs.enumerated() {
            try await AppDelegate.reachfive().startPasswordless(.Email(email: "john.doe@gmail.com", redirectUri: nil))
            emailInput = "john.doe@gmail.com"
            verificationCodeInput = try await code(to: "john.doe@gmail.com")
            let mark = recorder.requests.count
            await run()
            await settle()
            try await assertLoggedIn("john.doe@gmail.com", since: mark, logins: index + 1)
        }
    }

    func testVerifyPasswordlessCodeWithPhoneNumber() async throws {
        for (index, run)
            in ([() async -> Void]([
                { await E110_verifyPasswordlessCodeWithPhoneNumber.run() }, { E82_verifyPasswordlessCodeWithPhoneNumber.run() },
            ])).enumerated()
        {
            try await AppDelegate.reachfive().startPasswordless(.PhoneNumber(phoneNumber: "+33792244940", redirectUri: nil))
            phoneNumberInput = "+33792244940"
            verificationCodeInput = try await code(to: "+33792244940")
            let mark = recorder.requests.count
            await run()
            await settle()
            try await assertLoggedIn("+33792244940", since: mark, logins: index + 1)
        }
    }

    func testAWrongCodeLogsNobodyIn() async throws {
        try await AppDelegate.reachfive().startPasswordless(.Email(email: "john.doe@gmail.com", redirectUri: nil))
        do {
            _ = try await AppDelegate.reachfive().verifyPasswordlessCode(
                verifyAuthCodeRequest: VerifyAuthCodeRequest(email: "john.doe@gmail.com", verificationCode: "000000"))
            XCTFail("a wrong code logged in")
        } catch ReachFiveError.RequestError(let api) {
            XCTAssertEqual(api.error, "invalid_grant")
        }
        let awaited8 = try await server.emulator.account(identifier: "john.doe@gmail.com")?.loginsCount
        XCTAssertEqual(awaited8, 0)
    }

    func testWithoutAStartThereIsNoPkce() async throws {
        AppDelegate.reachfive().storage.clear(key: AppDelegate.reachfive().pkceKey)
        do {
            _ = try await AppDelegate.reachfive().verifyPasswordlessCode(
                verifyAuthCodeRequest: VerifyAuthCodeRequest(email: "john.doe@gmail.com", verificationCode: "123456"))
            XCTFail("verified without a start")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertEqual(reason, "Pkce not found")
        }
    }

    func testAddPasswordlessCallbackGetsTheMagicLinksLogin() async throws {
        for (index, run) in ([() async -> Void]([{ await E110_addPasswordlessCallback.run() }, { E82_addPasswordlessCallback.run() }]))
            .enumerated()
        {
            await run()
            try await AppDelegate.reachfive().startPasswordless(.Email(email: "john.doe@gmail.com", redirectUri: nil))
            // The person opens the emailed link; the server redirects to the app with a code.
            let sent = try await message(to: "john.doe@gmail.com")
            let emailed = try XCTUnwrap(sent.link)
            let link = try await server.emulator.open(link: emailed)
            XCTAssertNotNil(URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" })
            let mark = recorder.requests.count
            AppDelegate.reachfive().interceptUrl(link)
            await settle()
            XCTAssertEqual(paths(since: mark), ["POST /oauth/token"])
            let awaited9 = try await server.emulator.account(identifier: "john.doe@gmail.com")?.loginsCount
            XCTAssertEqual(awaited9, index + 1)
        }
        // The callback itself receives the tokens.
        let received = expectation(description: "callback")
        nonisolated(unsafe) var token: AuthToken?
        AppDelegate.reachfive().addPasswordlessCallback { result in
            token = try? result.get()
            received.fulfill()
        }
        try await AppDelegate.reachfive().startPasswordless(.Email(email: "john.doe@gmail.com", redirectUri: nil))
        let last = try await message(to: "john.doe@gmail.com")
        let lastLink = try XCTUnwrap(last.link)
        AppDelegate.reachfive().interceptUrl(try await server.emulator.open(link: lastLink))
        await fulfillment(of: [received], timeout: 60)
        XCTAssertEqual(token?.user?.email, "john.doe@gmail.com")
    }
}
