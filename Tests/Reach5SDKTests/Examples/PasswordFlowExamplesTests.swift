import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// loginWithPassword (phone number, custom identifier) and signup (email, phone number) pages:
/// "Get the profile's authentication token" is a login that reached `/oauth/token` and counted;
/// a signup creates the account with the page's profile.
final class PasswordFlowExamplesTests: FlowsExampleTestCase {
    private func assertLoggedIn(_ identifier: String, since mark: Int) async throws {
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/password/login", "GET /oauth/authorize", "POST /oauth/token"])
        let account = try await server.emulator.account(identifier: identifier)
        XCTAssertEqual(account?.loginsCount, 1)
    }

    func testLoginWithPasswordWithPhoneNumber() async throws {
        try await makeAccount(["phone_number": "+33682234940", "password": .string(Self.password)])
        var mark = recorder.requests.count
        await E110_loginWithPasswordWithPhoneNumber.run()
        try await assertLoggedIn("+33682234940", since: mark)
        mark = recorder.requests.count
        E82_loginWithPasswordWithPhoneNumber.run()
        await settle()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        let awaited2 = try await server.emulator.account(identifier: "+33682234940")?.loginsCount
        XCTAssertEqual(awaited2, 2)
    }

    func testLoginWithPasswordWithCustomIdentifier() async throws {
        try await makeAccount(["email": "cat@example.com", "custom_identifier": "coolCat55", "password": .string(Self.password)])
        var mark = recorder.requests.count
        await E110_loginWithPasswordWithCustomIdentifier.run()
        try await assertLoggedIn("cat@example.com", since: mark)
        mark = recorder.requests.count
        E82_loginWithPasswordWithCustomIdentifier.run()
        await settle()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        let awaited3 = try await server.emulator.account(identifier: "cat@example.com")?.loginsCount
        XCTAssertEqual(awaited3, 2)
    }

    func testWrongPasswordIsARequestErrorNotALogin() async throws {
        try await makeAccount(["email": "john.doe@gmail.com", "password": "something-else-entirely"])
        do {
            _ = try await AppDelegate.reachfive().loginWithPassword(email: "john.doe@gmail.com", password: Self.password)
            XCTFail("a wrong password logged in")
        } catch let error as ReachFiveError {
            XCTAssertFalse(error.isTechnical, "\(error)")
        }
    }

    private func assertSignedUp(_ identifier: String, since mark: Int) async throws {
        XCTAssertEqual(paths(since: mark), ["POST /identity/v1/signup-token"])
        let accountAwaited = try await server.emulator.account(identifier: identifier)
        let account = try XCTUnwrap(accountAwaited)
        XCTAssertEqual(account.givenName, "John")
        XCTAssertEqual(account.familyName, "Doe")
        XCTAssertEqual(account.customIdentifier, "coolCat55")
        XCTAssertTrue(account.hasPassword)
    }

    func testSignupWithEmail110() async throws {
        let mark = recorder.requests.count
        await E110_signupWithEmail.run()
        try await assertSignedUp("john.doe@gmail.com", since: mark)
    }

    func testSignupWithEmail82() async throws {
        let mark = recorder.requests.count
        E82_signupWithEmail.run()
        await settle()
        try await assertSignedUp("john.doe@gmail.com", since: mark)
    }

    func testSignupWithPhoneNumber110() async throws {
        let mark = recorder.requests.count
        await E110_signupWithPhoneNumber.run()
        try await assertSignedUp("+353875551234", since: mark)
    }

    func testSignupWithPhoneNumber82() async throws {
        let mark = recorder.requests.count
        E82_signupWithPhoneNumber.run()
        await settle()
        try await assertSignedUp("+353875551234", since: mark)
    }

    /// The default server lets an unverified account log in: the 11.0 form answers AchievedLogin.
    func testSignupAchievesLoginWhenTheServerAllowsUnverifiedLogins() async throws {
        let flow = try await AppDelegate.reachfive().signup(
            profile: ProfileSignupRequest(password: "hjk90wxc", email: "ann@example.com"), scope: ["openid", "email"])
        guard case .AchievedLogin(let token) = flow else { return XCTFail("\(flow)") }
        XCTAssertEqual(token.user?.email, "ann@example.com")
    }
}
