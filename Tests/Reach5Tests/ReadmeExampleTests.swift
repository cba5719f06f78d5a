import Foundation
import Reach5Testing
import XCTest

// docs/reach5.md's "Run your iOS login flows in Linux CI" package, in this repository's tests: the
// app's `silentLogin` (Sources/Login/Login.swift) and its test (Tests/LoginTests), as written
// there. `.ci/external-package-check` builds the same blocks as a package of their own.

/// The launch-time login: a saved passkey or password signs in without a sheet.
private func silentLogin(_ reachfive: ReachFive, window: HeadlessPresentation) async throws -> AuthToken? {
    do {
        let flow = try await reachfive.login(
            withRequest: NativeLoginRequest(presenting: Presentation(from: window)),
            usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
            display: .IfImmediatelyAvailableCredentials)
        if case .AchievedLogin(let authToken) = flow { return authToken }
        return nil
    } catch ReachFiveError.AuthCanceled {
        return nil // nothing saved on this device: show the other options
    }
}

final class ReadmeExampleTests: XCTestCase {
    func testPasskeySignupThenSilentLogin() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let window = try HeadlessPresentation.ephemeral() // an empty keychain; the user takes the first offer
        let email = "user-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signedUp = try await reachfive.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: email, givenName: "Ada"), friendlyName: email,
                presenting: Presentation(from: window)))
        XCTAssertEqual(signedUp.user?.email, email)

        // The passkey is in this keychain: no sheet is needed.
        let token = try await silentLogin(reachfive, window: window)
        XCTAssertEqual(token?.user?.id, signedUp.user?.id)
        // Another device, nothing saved: AuthCanceled inside, so no token.
        let elsewhere = try await silentLogin(reachfive, window: try HeadlessPresentation.ephemeral())
        XCTAssertNil(elsewhere)

        // The code the server emailed, from the emulator's outbox.
        _ = try await reachfive.sendEmailVerification(authToken: signedUp)
        let code = try await server.emulator.latestCode(to: email)
        try await reachfive.verifyEmail(authToken: signedUp, code: code, email: email)
        let profile = try await reachfive.getProfile(authToken: signedUp)
        XCTAssertEqual(profile.emailVerified, true)
        await server.stop()
    }
}
