import Foundation
import Reach5
import XCTest

/// README's "Run your iOS login flows in Linux CI" test, with its server in process (the README
/// starts one with `latchkey serve`); the body is the README's.
final class ReadmeExampleTests: XCTestCase {
    func testPasskeySignupThenSilentLogin() async throws {
        let server = try await LocalServer.start()
        AppDelegate.instance = server.reachFive()
        defer { Task { await server.stop() } }

        try await AppDelegate.reachfive().initialize()
        let window = try HeadlessPresentation.ephemeral() // an empty keychain; the user takes the first offer
        let email = "user-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signedUp = try await AppDelegate.reachfive().signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: email, givenName: "Ada"), friendlyName: email, anchor: window))
        XCTAssertEqual(signedUp.user?.email, email)

        // The app's launch-time login: the passkey is in the keychain, so no sheet is needed.
        let flow = try await AppDelegate.reachfive().login(
            withRequest: NativeLoginRequest(anchor: window),
            usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
            display: .IfImmediatelyAvailableCredentials)
        guard case .AchievedLogin(let token) = flow else { return XCTFail("expected AchievedLogin, got \(flow)") }
        XCTAssertEqual(token.user?.id, signedUp.user?.id)

        // Another device, nothing saved: AuthCanceled, exactly as on a phone.
        do {
            _ = try await AppDelegate.reachfive().login(
                withRequest: NativeLoginRequest(anchor: try HeadlessPresentation.ephemeral()),
                usingModalAuthorizationFor: [.Passkey, .Password], display: .IfImmediatelyAvailableCredentials)
            XCTFail("expected AuthCanceled")
        } catch ReachFiveError.AuthCanceled {}

        // Profile update with a Delete.
        let profile = try await AppDelegate.reachfive().updateProfile(
            authToken: token, profileUpdate: ProfileUpdate(givenName: .Delete, nickname: .Update("ada")))
        XCTAssertNil(profile.givenName)
        XCTAssertEqual(profile.nickname, "ada")
        await server.stop()
    }
}
