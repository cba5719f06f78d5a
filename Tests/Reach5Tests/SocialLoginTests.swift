import Foundation
import Reach5Testing
import XCTest

/// Social login as an app runs it, with `Reach5Testing` alone: `getProvider("google")` signs in
/// through the emulated provider's page in the presentation's headless browser, as the identity
/// the test chose; the same email through Facebook reaches the same account only when Facebook
/// vouches for it; a person who closes the sheet is `AuthCanceled`.
final class SocialLoginTests: XCTestCase {
    func testGoogleThenFacebookLinkTheAccountOnlyThroughAVerifiedEmail() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let email = "ada-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: "correct horse battery staple", email: email))
        let ownerId = try await server.emulator.account(identifier: email)?.uid
        XCTAssertNotNil(ownerId)
        let window = try HeadlessPresentation.ephemeral()

        let google = try XCTUnwrap(reachfive.getProvider(name: "google"))
        window.providerIdentity = .email(email)
        let viaGoogle = try await google.login(
            scope: ["openid", "email", "profile"], origin: "test", presenting: Presentation(from: window))
        XCTAssertEqual(viaGoogle.user?.id, ownerId, "Google vouches for the email: the account that holds it")
        let identities = try await server.emulator.identities(of: "google")
        XCTAssertEqual(identities.map(\.email), [email])

        let facebook = try XCTUnwrap(reachfive.getProvider(name: "facebook"))
        window.providerIdentity = .email(email, verified: false)
        let viaFacebook = try await facebook.login(scope: nil, origin: "test", presenting: Presentation(from: window))
        XCTAssertNotEqual(viaFacebook.user?.id, ownerId, "an unverified email never reaches the account that holds it")
        XCTAssertNil(viaFacebook.user?.email)

        // Facebook has that identity unverified now: asking for it verified is a mistake, said so.
        window.providerIdentity = .email(email)
        do {
            _ = try await facebook.login(scope: nil, origin: "test", presenting: Presentation(from: window))
            XCTFail("a verified identity was asked for and an unverified one used")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("not verified"), reason)
        }

        // The next time, Facebook's page lists that identity: the first one is picked.
        window.providerIdentity = .first
        let again = try await facebook.login(scope: nil, origin: "test", presenting: Presentation(from: window))
        XCTAssertEqual(again.user?.id, viaFacebook.user?.id)
        await server.stop()
    }

    func testClosingTheProvidersSheetIsAuthCanceledAndAnEmptyChooserSaysWhatToSet() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let google = try XCTUnwrap(reachfive.getProvider(name: "google"))
        let canceling = try HeadlessPresentation.ephemeral(.cancel)
        do {
            _ = try await google.login(scope: nil, origin: "test", presenting: Presentation(from: canceling))
            XCTFail("a canceled sheet logged in")
        } catch ReachFiveError.AuthCanceled {}
        let nobody = try HeadlessPresentation.ephemeral()
        do {
            _ = try await google.login(scope: nil, origin: "test", presenting: Presentation(from: nobody))
            XCTFail("an empty chooser logged in")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("providerIdentity"), reason)
        }
        // An identity added through the emulator API is what the page offers first.
        try await server.emulator.addIdentity(to: "google", email: "lin@example.com", name: "Lin")
        let token = try await google.login(scope: nil, origin: "test", presenting: Presentation(from: nobody))
        XCTAssertEqual(token.user?.email, "lin@example.com")
        let accounts = try await server.emulator.accounts()
        XCTAssertEqual(accounts.map(\.email), ["lin@example.com"])
        await server.stop()
    }

    /// 11.0's `login(withProvider:idToken:nonce:)` for an app that runs the provider's own SDK: the
    /// test mints the ID token Google's SDK would hand the app; a token for another login's verifier,
    /// or one Facebook signed presented as Google's, is refused.
    func testANativeProviderSDKsIdTokenLogsInThroughLoginWithProvider() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let pkce = Pkce.generate()
        let idToken = try await server.emulator.idToken(from: "google", email: "native@example.com", nonce: pkce.codeChallenge)
        let token = try await reachfive.login(withProvider: "google", idToken: idToken, nonce: pkce, scope: ["openid", "email"])
        XCTAssertEqual(token.user?.email, "native@example.com")
        let again = try await reachfive.login(withProvider: "google", idToken: idToken, nonce: pkce, scope: ["openid", "email"])
        XCTAssertEqual(again.user?.id, token.user?.id, "the same Google identity: the same account")
        do {
            _ = try await reachfive.login(withProvider: "google", idToken: idToken, nonce: Pkce.generate())
            XCTFail("a token minted for another verifier logged in")
        } catch let ReachFiveError.TechnicalError(_, apiError) {
            XCTAssertEqual(apiError?.error, "access_denied", "\(String(describing: apiError))")
        }
        let facebooks = try await server.emulator.idToken(from: "facebook", email: "native@example.com", nonce: pkce.codeChallenge)
        do {
            _ = try await reachfive.login(withProvider: "google", idToken: facebooks, nonce: pkce)
            XCTFail("Facebook's token passed for Google's")
        } catch let ReachFiveError.TechnicalError(_, apiError) {
            XCTAssertEqual(apiError?.error, "access_denied", "\(String(describing: apiError))")
        }
        await server.stop()
    }
}
