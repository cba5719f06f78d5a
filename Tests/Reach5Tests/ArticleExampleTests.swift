import Foundation
import Reach5Testing
import Testing

/// The examples of the DocC article "Testing ReachFive login flows on Linux"
/// (Sources/Reach5/Reach5.docc), as written there: a passkey signup then a login without a
/// sheet, nothing offered by an empty keychain, a passwordless code read from the outbox. (The
/// saved-password example is `SavedPasswordTests`.)
@Suite struct ArticleExampleTests {
    @Test func passkeySignupThenSilentLogin() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let window = try HeadlessPresentation.ephemeral() // an empty keychain; the person takes the first offer
        let signedUp = try await reachfive.signup(
            withRequest: PasskeySignupRequest(
                passkeyProfile: ProfilePasskeySignupRequest(email: "ada@example.com"), friendlyName: "phone",
                presenting: Presentation(from: window)))
        let flow = try await reachfive.login(
            withRequest: NativeLoginRequest(presenting: Presentation(from: window)),
            usingModalAuthorizationFor: [.Passkey],
            display: .IfImmediatelyAvailableCredentials)
        guard case .AchievedLogin(let token) = flow else {
            Issue.record("the passkey did not log in: \(flow)")
            await server.stop()
            return
        }
        #expect(token.user?.id == signedUp.user?.id)

        // Another keychain, nothing saved: AuthCanceled, as on a phone.
        do {
            let elsewhere = try await reachfive.login(
                withRequest: NativeLoginRequest(presenting: Presentation(from: try HeadlessPresentation.ephemeral())),
                usingModalAuthorizationFor: [.Passkey], display: .IfImmediatelyAvailableCredentials)
            Issue.record("an empty keychain logged in: \(elsewhere)")
        } catch ReachFiveError.AuthCanceled {}

        // The passwordless code, from the outbox.
        try await reachfive.startPasswordless(.Email(email: "ada@example.com", redirectUri: nil))
        let code = try await server.emulator.latestCode(to: "ada@example.com")
        let byCode = try await reachfive.verifyPasswordlessCode(
            verifyAuthCodeRequest: VerifyAuthCodeRequest(email: "ada@example.com", verificationCode: code))
        #expect(byCode.user?.id == signedUp.user?.id)
        await server.stop()
    }
}
