import EmulatorClient
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import Vault
import XCTest

/// The passkey pages that create a passkey: signupWithRequest ("Get the profile's
/// authentication token": a passkey on the server and in the keychain, then a login),
/// registerNewPasskey (one more passkey for a signed-in account) and resetPasskeys (the account's
/// passkeys replaced after an account-recovery code).
final class PasskeyExamplesTests: ExampleTestCase {
    private func account(_ identifier: String) async throws -> EmulatorAccount {
        let found = try await server.emulator.account(identifier: identifier)
        return try XCTUnwrap(found, "no account \(identifier)")
    }

    private func assertSignedUp(_ address: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let account = try await account(address)
        XCTAssertEqual(account.passkeys.map(\.friendlyName), [address], "the passkey is on the server", file: file, line: line)
        XCTAssertEqual(account.loginsCount, 1, "the signup logged in", file: file, line: line)
        XCTAssertEqual(try window.vault.passkeys(rpId: "localhost").count, 1, "the passkey is in the keychain", file: file, line: line)
    }

    func testSignupWithRequest110() async throws {
        profile = ProfilePasskeySignupRequest(email: "pat@example.com", givenName: "Pat")
        username = "pat@example.com"
        let mark = recorder.requests.count
        await E110_signupWithRequest.run()
        XCTAssertEqual(
            paths(since: mark),
            [
                "POST /identity/v1/webauthn/signup-options", "POST /identity/v1/webauthn/signup", "GET /oauth/authorize",
                "POST /oauth/token",
            ])
        try await assertSignedUp("pat@example.com")
    }

    func testSignupWithRequest82() async throws {
        profile = ProfilePasskeySignupRequest(email: "pat@example.com", givenName: "Pat")
        username = "pat@example.com"
        let mark = recorder.requests.count
        E82_signupWithRequest.run()
        await settle()
        XCTAssertEqual(paths(since: mark).last, "POST /oauth/token")
        try await assertSignedUp("pat@example.com")
    }

    /// An account with a password and no passkey, signed in: the page's `authToken`.
    private func signInWithPassword() async throws {
        _ = try await server.emulator.createAccount(["email": "reg@example.com", "password": "UCrcF4RH"])
        guard
            case .AchievedLogin(let token) = try await AppDelegate.reachfive().loginWithPassword(
                email: "reg@example.com", password: "UCrcF4RH")
        else { return XCTFail("expected a login") }
        authToken = token
        friendlyName = "work laptop"
    }

    private func assertRegistered(file: StaticString = #filePath, line: UInt = #line) async throws {
        let account = try await account("reg@example.com")
        XCTAssertEqual(account.passkeys.map(\.friendlyName), ["work laptop"], file: file, line: line)
        XCTAssertEqual(try window.vault.passkeys(rpId: "localhost").count, 1, file: file, line: line)
    }

    func testRegisterNewPasskey110() async throws {
        try await signInWithPassword()
        await E110_registerNewPasskey.run()
        try await assertRegistered()
    }

    func testRegisterNewPasskey82() async throws {
        try await signInWithPassword()
        E82_registerNewPasskey.run()
        await settle()
        try await assertRegistered()
    }

    /// A passkey made on a device now lost, and an account-recovery code for the new one.
    private func loseThePhone() async throws -> String {
        let lost = try HeadlessPresentation.ephemeral()
        _ = try await AppDelegate.reachfive().signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "lost@example.com"), friendlyName: "old phone", anchor: lost))
        let old = try await account("lost@example.com").passkeys
        XCTAssertEqual(old.map(\.friendlyName), ["old phone"])
        try await AppDelegate.reachfive().requestAccountRecovery(email: "lost@example.com")
        verificationCode = try await server.emulator.latestCode(to: "lost@example.com", timeout: .zero)
        email = "lost@example.com"
        friendlyName = "new phone"
        return old[0].id
    }

    private func assertReset(oldId: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        let account = try await account("lost@example.com")
        XCTAssertEqual(account.passkeys.map(\.friendlyName), ["new phone"], "the old passkey is gone", file: file, line: line)
        XCTAssertNotEqual(account.passkeys.first?.id, oldId, file: file, line: line)
        XCTAssertEqual(try window.vault.passkeys(rpId: "localhost").count, 1, "the new keychain holds it", file: file, line: line)
    }

    func testResetPasskeys110() async throws {
        let oldId = try await loseThePhone()
        await E110_resetPasskeys.run()
        try await assertReset(oldId: oldId)
    }

    func testResetPasskeys82() async throws {
        let oldId = try await loseThePhone()
        E82_resetPasskeys.run()
        await settle()
        try await assertReset(oldId: oldId)
    }
}
