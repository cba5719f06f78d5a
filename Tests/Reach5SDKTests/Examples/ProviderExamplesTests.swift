import Foundation
import IdentityServer
import Picker
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5
import Reach5Testing
import XCTest

/// The provider pages against a server that trusts the headless keychain's Sign in with Apple
/// keys, so it offers Apple (variant "native") and the Apple provider's login verifies.
final class ProviderExamplesTests: ExampleTestCase {
    override func setUp() async throws {
        window = try HeadlessPresentation.ephemeral()
        let keys = try window.appleJWKS()
        server = try await LocalIdentityServer.start { $0.apple.jwks = keys }
        recorder = WireRecorder()
        AppDelegate.instance = ReachFive(sdkConfig: server.sdkConfig(), recorder: recorder)
        try await AppDelegate.reachfive().initialize()
    }

    /// "Retrieve all the providers registered on the client": Apple, with its variant, and the
    /// server's emulated Google and Facebook (web providers).
    func testGetProviders() async throws {
        await E110_getProviders.run()
        E82_getProviders.run()
        XCTAssertEqual(AppDelegate.reachfive().getProviders().map(\.name), ["apple", "google", "facebook"])
        XCTAssertEqual(AppDelegate.reachfive().providers.first?.variant, "native")
    }

    /// A web provider's login, the page's success path: the headless browser goes through Google's
    /// emulated page, where the window's person signs in as the chosen identity, and back with a code.
    private func assertGoogleLogin(since mark: Int, email: String) async throws {
        XCTAssertEqual(
            paths(since: mark),
            [
                "GET /oauth/authorize", "GET /providers/google/authorize", "POST /providers/google/authorize",
                "GET /identity/v1/oauth/callback", "POST /oauth/token",
            ])
        let account = try await server.emulator.account(identifier: email)
        XCTAssertEqual(account?.emailVerified, true)
        XCTAssertEqual(account?.loginsCount, 1)
    }

    func testGetProviderAndLoginThroughGoogle110() async throws {
        pastedProviderName = "google"
        window.providerIdentity = .email("ada@example.com")
        let mark = recorder.requests.count
        await E110_getProviderAndLogin.run()
        try await assertGoogleLogin(since: mark, email: "ada@example.com")
    }

    func testGetProviderAndLoginThroughGoogle82() async throws {
        pastedProviderName = "google"
        window.providerIdentity = .email("bea@example.com")
        let mark = recorder.requests.count
        E82_getProviderAndLogin.run()
        await settle()
        try await assertGoogleLogin(since: mark, email: "bea@example.com")
    }

    /// The page's login with a `provider` (the web login's success path): the same browser walk.
    func testWebviewLoginWithAProvider() async throws {
        window.providerIdentity = .email("cy@example.com", name: "Cy")
        let mark = recorder.requests.count
        let token = try await AppDelegate.reachfive().webviewLogin(
            WebviewLoginRequest(
                state: "zf3ifjfmdkj", nonce: "n-0S6_PzA3Ze", scope: ["openid", "profile", "email"], presentationContextProvider: window,
                provider: "google"))
        XCTAssertEqual(token.user?.email, "cy@example.com")
        XCTAssertEqual(token.user?.name, "Cy")
        try await assertGoogleLogin(since: mark, email: "cy@example.com")
        // A person who closes the provider's sheet: AuthCanceled, and no token is asked for.
        window.providerIdentity = .cancel
        let again = recorder.requests.count
        do {
            _ = try await AppDelegate.reachfive().webviewLogin(WebviewLoginRequest(presentationContextProvider: window, provider: "google"))
            XCTFail("a closed sheet logged in")
        } catch ReachFiveError.AuthCanceled {}
        XCTAssertEqual(paths(since: again), ["GET /oauth/authorize", "GET /providers/google/authorize"])
    }

    /// The Apple provider's login: the sheet, the keychain's Apple account, then the token.
    private func assertAppleLogin(since mark: Int) async throws {
        let sent = sent(since: mark)
        XCTAssertEqual(paths(since: mark).suffix(2), ["GET /oauth/authorize", "POST /oauth/token"])
        let authorize = sent.first { $0.url.path == "/oauth/authorize" }.flatMap {
            URLComponents(url: $0.url, resolvingAgainstBaseURL: false)
        }
        XCTAssertEqual(authorize?.queryItems?.first { $0.name == "provider" }?.value, "apple:native")
        XCTAssertEqual(
            authorize?.queryItems?.first { $0.name == "scope" }?.value, "openid email profile phone full_write offline_access")
        let account = try await server.emulator.account(identifier: "user@icloud.example")
        XCTAssertEqual(account?.loginsCount, 1)
    }

    func testGetProviderAndLogin110() async throws {
        pastedProviderName = "apple"
        let mark = recorder.requests.count
        await E110_getProviderAndLogin.run()
        try await assertAppleLogin(since: mark)
    }

    func testGetProviderAndLogin82() async throws {
        pastedProviderName = "apple"
        let mark = recorder.requests.count
        E82_getProviderAndLogin.run()
        await settle()
        try await assertAppleLogin(since: mark)
    }

    /// Apple's logout signs nothing out on the server: no request.
    func testGetProviderAndLogout() async throws {
        pastedProviderName = "apple"
        let mark = recorder.requests.count
        await E110_getProviderAndLogout.run()
        E82_getProviderAndLogout.run()
        await settle()
        XCTAssertEqual(paths(since: mark), [])
    }

    /// An account whose password the window's keychain offers on the server's hosted page.
    private func savedPasswordAccount(_ email: String) async throws {
        try await server.emulator.createAccount([
            "email": .string(email), "password": "correct horse battery staple", "email_verified": true,
        ])
        try window.savePassword("correct horse battery staple", username: email, for: server.sdkConfig())
    }

    /// The secure web login: `/oauth/authorize` with the page's state, nonce and scope, the hosted
    /// login page filled from the window's keychain (the page's success path), then the token.
    /// The second example finds the SSO session the first opened: no page at all. A person who
    /// closes the sheet runs the failure path.
    func testWebviewLogin() async throws {
        try await savedPasswordAccount("web@example.com")
        let expected = [
            ["GET /oauth/authorize", "GET /login", "POST /login", "POST /oauth/token"], ["GET /oauth/authorize", "POST /oauth/token"],
        ]
        for (run, walk) in zip(
            [
                { await E110_webviewLogin.run() },
                {
                    E82_webviewLogin.run()
                    await self.settle()
                },
            ], expected)
        {
            let mark = recorder.requests.count
            await run()
            XCTAssertEqual(paths(since: mark), walk)
            let query = sent(since: mark).first.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems } ?? []
            XCTAssertEqual(query.first { $0.name == "state" }?.value, "zf3ifjfmdkj")
            XCTAssertEqual(query.first { $0.name == "nonce" }?.value, "n-0S6_PzA3Ze")
            XCTAssertEqual(query.first { $0.name == "scope" }?.value, "openid profile email")
        }
        let account = try await server.emulator.account(identifier: "web@example.com")
        XCTAssertEqual(account?.loginsCount, 1, "the second login was the SSO session's, not a new one")
        // The failure path: a person who closes the page.
        window = try HeadlessPresentation.ephemeral(.cancel)
        let mark = recorder.requests.count
        await E110_webviewLogin.run()
        E82_webviewLogin.run()
        await settle()
        XCTAssertEqual(paths(since: mark), ["GET /oauth/authorize", "GET /login", "GET /oauth/authorize", "GET /login"])
        do {
            _ = try await AppDelegate.reachfive().webviewLogin(WebviewLoginRequest(presentationContextProvider: window))
            XCTFail("a closed page logged in")
        } catch ReachFiveError.AuthCanceled {}
    }

    /// The login web view (headless): the hosted page, filled from the keychain of the
    /// presentation every login web view shows (`LoginWKWebview.presentation`): the page's success
    /// branch shows the profile. With no one to fill the page in, its failure branch shows its
    /// alert and no profile.
    func testLoadLoginWebview() async throws {
        try await savedPasswordAccount("view@example.com")
        LoginWKWebview.presentation = window
        defer { LoginWKWebview.presentation = nil }
        for run in [
            { await E110_loadLoginWebview.run() },
            {
                E82_loadLoginWebview.run()
                await self.settle()
            },
        ] {
            presentedAlerts = []
            profileShown = nil
            await run()
            XCTAssertEqual(profileShown?.user?.email, "view@example.com")
            XCTAssertEqual(presentedAlerts.map(\.title), [])
        }
        LoginWKWebview.presentation = nil
        for run in [
            { await E110_loadLoginWebview.run() },
            {
                E82_loadLoginWebview.run()
                await self.settle()
            },
        ] {
            presentedAlerts = []
            profileShown = nil
            let mark = recorder.requests.count
            await run()
            XCTAssertEqual(paths(since: mark), ["GET /oauth/authorize", "GET /login"])
            XCTAssertNil(profileShown)
            XCTAssertEqual(presentedAlerts.map(\.title), ["Login failed"])
            XCTAssertTrue(presentedAlerts.first?.message.hasPrefix("Error: ") == true)
        }
    }

    /// Creators: the app's variant is sent (`apple=ios_native`) and the server picks its own
    /// ("native": no variant of that name, none containing "ios").
    func testProviderCreator() async throws {
        sdkRemote = server.sdkConfig()
        let mark = recorder.requests.count
        E82_providerCreator.run()
        let providers = try await E110_providerCreator.reachfive.initialize()
        XCTAssertEqual(providers.map(\.name), ["apple", "google", "facebook"])
        XCTAssertEqual(E110_providerCreator.reachfive.providers.first?.providerWithVariant, "apple:native")
        XCTAssertEqual(paths(since: mark), [], "another instance, another recorder")
    }

    /// A custom provider registered by name; its login is the native SDK's code exchanged at /oauth/token.
    func testRegisterCustomProvider() async throws {
        DOMAIN = server.domain
        CLIENT_ID = server.sdkConfig().clientId
        await E110_registerCustomProvider.run()
        let reachfive = try XCTUnwrap(E110_registerCustomProvider.made)
        _ = try await reachfive.initialize()
        XCTAssertNil(reachfive.getProvider(name: "my-provider"), "the server does not configure my-provider")
        let creator = MyProvider(variant: "ios")
        let config = ProviderConfig(provider: "my-provider", variant: "ios", clientId: "c", scope: nil)
        let provider = creator.create(
            reachFive: reachfive, providerConfig: config, clientConfigResponse: .init(scope: "openid", sms: false))
        XCTAssertEqual(provider.name, "my-provider")
        do {
            _ = try await provider.login(scope: nil, origin: "home", presenting: Presentation(from: window))
            XCTFail("a code the server never issued")
        } catch let ReachFiveError.RequestError(apiError) {
            XCTAssertEqual(apiError.error, "invalid_grant")
        }
        try await provider.logout()
        XCTAssertTrue(MyNativeSDK.shared.loggedOut)
    }
}
