import Foundation
import Reach5Testing
import XCTest

/// Web login as an app runs it, with `Reach5Testing` alone: `webviewLogin` reaches the server's
/// hosted login page in the presentation's headless browser, which signs in with the password the
/// keychain offers there (Safari's AutoFill); the SSO session it opens makes the next web login
/// silent, in another `ReachFive` instance too (the cookies live in the presentation's vault),
/// but not an ephemeral one, and not after a web logout; then social logins through Google and
/// Facebook land on the same account only when the provider vouches for the email.
final class WebLoginTests: XCTestCase {
    let password = "correct horse battery staple"

    func testSignupThenAWebLoginFromTheKeychainThenASilentOneThenSocialLoginsLinkOnlyVerifiedEmails() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let email = "ada-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: password, email: email))
        let ownerId = try await server.emulator.account(identifier: email)?.uid
        let window = try HeadlessPresentation.ephemeral()
        try window.savePassword(password, username: email, for: reachfive.sdkConfig)

        let first = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        XCTAssertEqual(first.user?.id, ownerId)
        let sessions = try await server.emulator.webSessions()
        XCTAssertEqual(sessions.map(\.accountId), [ownerId])

        // The person would cancel any page: the second login succeeds only if it shows none.
        window.webLogin = .cancel
        let silent = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        XCTAssertEqual(silent.user?.id, ownerId)
        let relaunched = ReachFive(sdkConfig: server.sdkConfig())
        try await relaunched.initialize()
        let afterRelaunch = try await relaunched.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        XCTAssertEqual(afterRelaunch.user?.id, ownerId, "the SSO cookie is the presentation's, not the instance's")
        do {
            _ = try await reachfive.webviewLogin(
                WebviewLoginRequest(presentationContextProvider: window, prefersEphemeralWebBrowserSession: true))
            XCTFail("an ephemeral session found the SSO cookie")
        } catch ReachFiveError.AuthCanceled {}

        // Google vouches for the email: the same account.
        window.providerIdentity = .email(email)
        let google = try XCTUnwrap(reachfive.getProvider(name: "google"))
        let viaGoogle = try await google.login(scope: ["openid", "email"], origin: "test", presenting: Presentation(from: window))
        XCTAssertEqual(viaGoogle.user?.id, ownerId)
        // Facebook too: linked.
        let facebook = try XCTUnwrap(reachfive.getProvider(name: "facebook"))
        let viaFacebook = try await facebook.login(scope: ["openid", "email"], origin: "test", presenting: Presentation(from: window))
        XCTAssertEqual(viaFacebook.user?.id, ownerId)

        // Another person, whose email Facebook does not vouch for: never their account.
        let other = "grace-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: password, email: other))
        let otherId = try await server.emulator.account(identifier: other)?.uid
        let herWindow = try HeadlessPresentation.ephemeral()
        herWindow.providerIdentity = .email(other, verified: false)
        let unverified = try await facebook.login(scope: ["openid", "email"], origin: "test", presenting: Presentation(from: herWindow))
        XCTAssertNotEqual(unverified.user?.id, otherId)
        XCTAssertNil(unverified.user?.email)

        // The web logout ends the SSO session: the next web login shows the page (and is canceled).
        try await reachfive.logout(webSessionLogout: WebSessionLogoutRequest(presentationContextProvider: window))
        let afterLogout = try await server.emulator.webSessions()
        XCTAssertFalse(afterLogout.contains { $0.accountId == ownerId && $0.method == "password" })
        window.webLogin = .cancel
        do {
            _ = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
            XCTFail("the SSO session outlived the web logout")
        } catch ReachFiveError.AuthCanceled {}
        await server.stop()
    }

    func testTypedCredentialsAProviderLinkAndWhatThePageRefusesAreSaid() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let email = "lin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: password, email: email))
        let window = try HeadlessPresentation.ephemeral()
        do {
            _ = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
            XCTFail("an empty keychain logged in")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("no saved password"), reason)
        }
        window.webLogin = .password(identifier: email, password: "not the password")
        do {
            _ = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
            XCTFail("a wrong password logged in")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("refused the login"), reason)
        }
        window.webLogin = .password(identifier: email, password: password)
        let typed = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        XCTAssertEqual(typed.user?.email, email)
        // The page's Google link, as a person would click it.
        let elsewhere = try HeadlessPresentation.ephemeral()
        elsewhere.webLogin = .provider("google")
        elsewhere.providerIdentity = .email("kim@example.com")
        let social = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: elsewhere))
        XCTAssertEqual(social.user?.email, "kim@example.com")
        await server.stop()
    }

    /// The hosted page's code steps, as an app's test drives them: a passwordless code read from
    /// the outbox, and the second factor an account with MFA steps up with.
    func testAPasswordlessCodeAndASecondFactorOnThePage() async throws {
        let server = try await LocalIdentityServer.start()
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let window = try HeadlessPresentation.ephemeral()
        window.readCodes(from: server)
        window.webLogin = .passwordless(identifier: "kai@example.com")
        let viaCode = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
        XCTAssertEqual(viaCode.user?.email, "kai@example.com")

        // The same person adds their email as a second factor; a new device's web login steps up.
        _ = try await reachfive.mfaStart(registering: .Email(), authToken: viaCode)
        let phone = try HeadlessPresentation.ephemeral()
        phone.readCodes(from: server)
        phone.webLogin = .passwordless(identifier: "kai@example.com")
        let stepped = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: phone))
        XCTAssertEqual(stepped.user?.id, viaCode.user?.id)
        let credentials = try await reachfive.mfaListCredentials(authToken: viaCode)
        XCTAssertEqual(credentials.credentials.map(\.email), ["kai@example.com"])

        let nobody = try HeadlessPresentation.ephemeral()
        nobody.webLogin = .passwordless(identifier: "kai@example.com")
        do {
            _ = try await reachfive.webviewLogin(WebviewLoginRequest(presentationContextProvider: nobody))
            XCTFail("a code no one read logged in")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("readCode"), reason)
        }
        await server.stop()
    }

    /// A universal link as the web session's return channel: the browser stops at the app's
    /// link (an allowed callback URL of the client), after the hosted page or silently.
    func testAUniversalLinkBringsTheWebLoginBack() async throws {
        let link = URL(string: "https://app.example.com/auth/callback")!
        let server = try await LocalIdentityServer.start { configuration in
            configuration.allowedCallbackURLs = [link.absoluteString, "reachfive-\(configuration.clientId)://callback"]
        }
        let reachfive = ReachFive(sdkConfig: server.sdkConfig())
        try await reachfive.initialize()
        let email = "uma-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await reachfive.signup(profile: ProfileSignupRequest(password: password, email: email))
        let window = try HeadlessPresentation.ephemeral()
        window.webLogin = .password(identifier: email, password: password)
        let first = try await reachfive.webviewLogin(
            WebviewLoginRequest(presentationContextProvider: window, webSessionMode: .universalLink(link)))
        XCTAssertEqual(first.user?.email, email)
        window.webLogin = .cancel
        let silent = try await reachfive.webviewLogin(
            WebviewLoginRequest(presentationContextProvider: window, webSessionMode: .universalLink(link)))
        XCTAssertEqual(silent.user?.id, first.user?.id)
        // A link the client does not allow gets no page at all: the server answers 400.
        do {
            _ = try await reachfive.webviewLogin(
                WebviewLoginRequest(
                    presentationContextProvider: window, webSessionMode: .universalLink(URL(string: "https://evil.example/cb")!)))
            XCTFail("an unregistered link got a code")
        } catch ReachFiveError.TechnicalError(let reason, _) {
            XCTAssertTrue(reason.contains("status 400"), reason)
        }
        await server.stop()
    }
}
