@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The password-login pages: "Get the profile's authentication token" means the login went all the
/// way to `/oauth/token`, and the server counted a login for the account.
final class PasswordLoginExamplesTests: ExampleTestCase {
    private func signUpJohn() async throws {
        _ = try await server.emulator.createAccount(["email": "john.doe@gmail.com", "password": "UCrcF4RH"])
    }

    func testLoginWithPasswordWithEmail110() async throws {
        try await signUpJohn()
        let mark = recorder.requests.count
        await E110_loginWithPasswordWithEmail.run()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        let account = try await server.emulator.account(identifier: "john.doe@gmail.com")
        XCTAssertEqual(account?.loginsCount, 1)
    }

    func testLoginWithPasswordWithEmail82() async throws {
        try await signUpJohn()
        let mark = recorder.requests.count
        E82_loginWithPasswordWithEmail.run()
        await settle()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        let account = try await server.emulator.account(identifier: "john.doe@gmail.com")
        XCTAssertEqual(account?.loginsCount, 1)
    }
}
