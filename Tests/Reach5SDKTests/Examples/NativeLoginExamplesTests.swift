import EmulatorClient
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The passkey login pages: loginWithRequest (a login with the keychain's passkey; with an empty
/// keychain `AuthCanceled`, and nothing sent after the options), loginWithNonDiscoverableUserName
/// (the identifier picks the allowed credentials), beginAutoFillAssistedPasskeyLogin (the passkey
/// offered as a suggestion), and the passkey list/delete pages of a signed-in profile.
final class NativeLoginExamplesTests: ExampleTestCase {
    private let address = "pat@example.com"

    /// A passkey signup from `window` (the keychain the examples then use).
    private func signUp() async throws {
        profileAuthToken = try await AppDelegate.reachfive().signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: address), friendlyName: address, anchor: window))
        username = address
    }

    private func logins() async throws -> Int {
        let found = try await server.emulator.account(identifier: address)
        return try XCTUnwrap(found).loginsCount
    }

    private func assertPasskeyLogin(since mark: Int, file: StaticString = #filePath, line: UInt = #line) async throws {
        let sent = paths(since: mark)
        XCTAssertEqual(
            sent,
            [
                "POST /identity/v1/webauthn/authentication-options", "POST /identity/v1/webauthn/authentication", "GET /oauth/authorize",
                "POST /oauth/token",
            ], file: file, line: line)
        let count = try await logins()
        XCTAssertEqual(count, 2, "the signup's login, then this one", file: file, line: line)
    }

    func testLoginWithRequest110() async throws {
        try await signUp()
        let mark = recorder.requests.count
        await E110_loginWithRequest.run()
        try await assertPasskeyLogin(since: mark)
    }

    func testLoginWithRequest82() async throws {
        try await signUp()
        let mark = recorder.requests.count
        E82_loginWithRequest.run()
        await settle()
        try await assertPasskeyLogin(since: mark)
    }

    /// "No credentials are available": the empty keychain shows nothing and ends the call.
    func testLoginWithRequestOnAnEmptyKeychainIsCanceled() async throws {
        try await signUp()
        window = try HeadlessPresentation.ephemeral()
        let mark = recorder.requests.count
        await E110_loginWithRequest.run()
        E82_loginWithRequest.run()
        await settle()
        XCTAssertEqual(paths(since: mark), Array(repeating: "POST /identity/v1/webauthn/authentication-options", count: 2))
        let count = try await logins()
        XCTAssertEqual(count, 1)
        do {
            _ = try await AppDelegate.reachfive().login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
                display: .IfImmediatelyAvailableCredentials)
            XCTFail("expected AuthCanceled")
        } catch ReachFiveError.AuthCanceled {}
    }

    private func assertNonDiscoverable(since mark: Int, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await assertPasskeyLogin(since: mark, file: file, line: line)
        let options = try XCTUnwrap(sent(since: mark).first?.body, file: file, line: line)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: options) as? [String: Any], file: file, line: line)
        XCTAssertEqual(json["email"] as? String, address, "the username is sent as an email", file: file, line: line)
        XCTAssertNil(json["phone_number"], file: file, line: line)
    }

    func testLoginWithNonDiscoverableUserName110() async throws {
        try await signUp()
        let mark = recorder.requests.count
        await E110_loginWithNonDiscoverableUserName.run()
        try await assertNonDiscoverable(since: mark)
    }

    func testLoginWithNonDiscoverableUserName82() async throws {
        try await signUp()
        let mark = recorder.requests.count
        E82_loginWithNonDiscoverableUserName.run()
        await settle()
        try await assertNonDiscoverable(since: mark)
    }

    func testBeginAutoFillAssistedPasskeyLogin110() async throws {
        try await signUp()
        let mark = recorder.requests.count
        await E110_beginAutoFillAssistedPasskeyLogin.run()
        try await assertPasskeyLogin(since: mark)
    }

    func testBeginAutoFillAssistedPasskeyLogin82() async throws {
        try await signUp()
        let mark = recorder.requests.count
        E82_beginAutoFillAssistedPasskeyLogin.run()
        await settle()
        try await assertPasskeyLogin(since: mark)
    }

    /// "Get the list of devices": the passkeys of the profile, answered 200.
    private func assertListed(since mark: Int, file: StaticString = #filePath, line: UInt = #line) async throws {
        XCTAssertEqual(paths(since: mark), ["GET /identity/v1/webauthn/registration"], file: file, line: line)
        let journal = try await server.emulator.requests(limit: 5)
        let answered = journal.first { $0.method == "GET" && $0.path == "/identity/v1/webauthn/registration" }
        XCTAssertEqual(answered?.status, 200, file: file, line: line)
        let listed = try await AppDelegate.reachfive().listWebAuthnCredentials(authToken: profileAuthToken)
        XCTAssertEqual(listed.map(\.friendlyName), [address], file: file, line: line)
    }

    func testListWebAuthnCredentials110() async throws {
        try await signUp()
        let mark = recorder.requests.count
        await E110_listWebAuthnCredentials.run()
        try await assertListed(since: mark)
    }

    func testListWebAuthnCredentials82() async throws {
        try await signUp()
        let mark = recorder.requests.count
        E82_listWebAuthnCredentials.run()
        await settle()
        try await assertListed(since: mark)
    }

    func testListWebAuthnDevices110() async throws {
        try await signUp()
        let mark = recorder.requests.count
        await E110_listWebAuthnDevices.run()
        try await assertListed(since: mark)
    }

    func testListWebAuthnDevices82() async throws {
        try await signUp()
        let mark = recorder.requests.count
        E82_listWebAuthnDevices.run()
        await settle()
        try await assertListed(since: mark)
    }

    /// "Do something": the passkey is gone from the server.
    private func prepareDelete() async throws {
        try await signUp()
        id = try await AppDelegate.reachfive().listWebAuthnCredentials(authToken: profileAuthToken).first?.id
        XCTAssertNotNil(id)
    }

    private func assertDeleted(file: StaticString = #filePath, line: UInt = #line) async throws {
        let found = try await server.emulator.account(identifier: address)
        XCTAssertEqual(try XCTUnwrap(found, file: file, line: line).passkeys.count, 0, file: file, line: line)
    }

    func testDeleteWebAuthnRegistration110() async throws {
        try await prepareDelete()
        await E110_deleteWebAuthnRegistration.run()
        try await assertDeleted()
    }

    func testDeleteWebAuthnRegistration82() async throws {
        try await prepareDelete()
        E82_deleteWebAuthnRegistration.run()
        await settle()
        try await assertDeleted()
    }
}
