import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// Public symbols of the providers area, read from the SDK source:
// 8.2.0: 52 (Provider.swift 9, ReachFiveProviders.swift 4, AppleProvider.swift 6,
//   ReachFiveWebviewLogin.swift 1, LoginWKWebview.swift 2, ReachFiveLogin.swift web parts 2,
//   ProviderConfig.swift 7, ProvidersConfigsResult.swift 1, ClientConfigResponse.swift 4,
//   LoginProviderRequest.swift 9, WebviewLoginRequest.swift 9; DefaultProvider is internal).
//   ProviderCreator.create(sdkConfig:providerConfig:reachFiveApi:clientConfigResponse:) is referenced
//   in Checklist_Api; ProviderConfig.universalLink as String only under ReachFive82 alone (with both
//   release traits 11.0's URL is kept, and the test target has ReachFive11 on).
// 11.0.0: 67 (the 8.2 set in async form, plus WebProvider.swift's WebProvider/Name(8 cases)/
//   WebProviderMode(2)/name/variant/mode/init/create, WebviewLoginRequest's webSessionMode,
//   loginUrlFragment and presenting: init, WebSessionMode's customScheme/universalLink, the
//   lifecycle defaults, authWithCode(code:pkce:redirectUri:), buildAuthorizeURL(…redirectUri:loginUrlFragment:)).

struct ChecklistProviderCreator: ProviderCreator {
    var name = "x"
    var variant: String?
    func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        AppleProvider().create(reachFive: reachFive, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
    }
}

func checklist_Providers_8_2_0(r: ReachFive, p: Provider, w: HeadlessPresentation, pkce: Pkce, c: ProviderConfig) {
    // Provider.swift (8.2.0): ProviderCreator, Provider
    let _: KeyPath<ChecklistProviderCreator, String> = \.name
    let _: KeyPath<ChecklistProviderCreator, String?> = \.variant
    let _: String = p.name
    let _: Future<AuthToken, ReachFiveError> = p.login(scope: nil, origin: "o", viewController: w)
    let _: Future<(), ReachFiveError> = p.logout()
    let _: Bool = p.application(UIApplication.shared, open: URL(fileURLWithPath: "/"), options: [:])
    let _: Bool = p.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
    p.applicationDidBecomeActive(UIApplication.shared)
    let _: Bool = p.application(UIApplication.shared, continue: NSUserActivity(activityType: "t"), restorationHandler: { _ in })
    // ReachFiveProviders.swift (8.2.0)
    let _: (ReachFive) -> (String) -> Provider? = ReachFive.getProvider(name:)
    let _: (ReachFive) -> () -> [Provider] = ReachFive.getProviders
    let _: Future<[Provider], ReachFiveError> = r.reinitialize()
    let _: Future<[Provider], ReachFiveError> = r.initialize()
    // AppleProvider.swift (8.2.0)
    let _: String = AppleProvider.NAME
    let _: ReferenceWritableKeyPath<AppleProvider, String> = \AppleProvider.name
    let _: ReferenceWritableKeyPath<AppleProvider, String?> = \AppleProvider.variant
    _ = { AppleProvider() }
    _ = { AppleProvider(variant: "v") }
    let _: ProviderCreator = AppleProvider()
    // ReachFiveWebviewLogin.swift (8.2.0)
    let _: Future<AuthToken, ReachFiveError> = r.webviewLogin(WebviewLoginRequest(presentationContextProvider: w))
    // LoginWKWebview.swift (8.2.0)
    _ = { LoginWKWebview() }
    let _: Future<AuthToken, ReachFiveError> = LoginWKWebview().loadLoginWebview(
        reachfive: r, state: nil, nonce: nil, scope: nil, origin: nil)
    // ReachFiveLogin.swift (8.2.0) web-login parts
    let _: URL = r.buildAuthorizeURL(pkce: pkce, state: nil, nonce: nil, scope: nil, origin: nil, provider: nil)
    let _: Future<AuthToken, ReachFiveError> = r.authWithCode(code: "c", pkce: pkce)
    // models/ProviderConfig.swift (8.2.0)
    let _: KeyPath<ProviderConfig, String> = \ProviderConfig.provider
    let _: KeyPath<ProviderConfig, String> = \ProviderConfig.variant
    let _: KeyPath<ProviderConfig, String?> = \ProviderConfig.clientId
    let _: KeyPath<ProviderConfig, [String]?> = \ProviderConfig.scope
    let _: KeyPath<ProviderConfig, String> = \ProviderConfig.providerWithVariant
    // Not a condition of this target's package when `.ci/release-traits` builds it under ReachFive82.
    #if !ReachFive11
        let _: KeyPath<ProviderConfig, String?> = \ProviderConfig.universalLink
    #endif
    let _: any Codable.Type = ProviderConfig.self
    // models/ProvidersConfigsResult.swift (8.2.0)
    let _: any Codable.Type = ProvidersConfigsResult.self
    // models/ClientConfigResponse.swift (8.2.0)
    let _: KeyPath<ClientConfigResponse, String> = \ClientConfigResponse.scope
    let _: KeyPath<ClientConfigResponse, Bool> = \ClientConfigResponse.sms
    _ = { ClientConfigResponse(scope: "s", sms: false) }
    let _: any Codable.Type = ClientConfigResponse.self
    // models/requests/LoginProviderRequest.swift (8.2.0)
    let _: KeyPath<LoginProviderRequest, String> = \LoginProviderRequest.provider
    let _: KeyPath<LoginProviderRequest, String?> = \LoginProviderRequest.providerToken
    let _: KeyPath<LoginProviderRequest, String?> = \LoginProviderRequest.code
    let _: KeyPath<LoginProviderRequest, String?> = \LoginProviderRequest.origin
    let _: KeyPath<LoginProviderRequest, String> = \LoginProviderRequest.clientId
    let _: KeyPath<LoginProviderRequest, String> = \LoginProviderRequest.responseType
    let _: KeyPath<LoginProviderRequest, String> = \LoginProviderRequest.scope
    _ = {
        LoginProviderRequest(provider: "p", providerToken: nil, code: nil, origin: nil, clientId: "c", responseType: "code", scope: "s")
    }
    let _: [String: Any]? = LoginProviderRequest(
        provider: "p", providerToken: nil, code: nil, origin: nil, clientId: "c", responseType: "code", scope: "s"
    ).dictionary()
    // models/requests/WebviewLoginRequest.swift (8.2.0)
    let _: KeyPath<WebviewLoginRequest, String> = \WebviewLoginRequest.state
    let _: KeyPath<WebviewLoginRequest, String> = \WebviewLoginRequest.nonce
    let _: KeyPath<WebviewLoginRequest, [String]?> = \WebviewLoginRequest.scope
    let _: KeyPath<WebviewLoginRequest, HeadlessPresentation> = \WebviewLoginRequest.presentationContextProvider
    let _: KeyPath<WebviewLoginRequest, String?> = \WebviewLoginRequest.origin
    let _: KeyPath<WebviewLoginRequest, String?> = \WebviewLoginRequest.provider
    let _: KeyPath<WebviewLoginRequest, Bool> = \WebviewLoginRequest.prefersEphemeralWebBrowserSession
    _ = {
        WebviewLoginRequest(
            state: "s", nonce: "n", scope: [], presentationContextProvider: w, origin: "o", provider: "p",
            prefersEphemeralWebBrowserSession: true)
    }
}

/// What 8.2.0 and 11.0.0 both declare of this area: `.ci/release-traits` builds it under each
/// release trait alone.
func checklist_Providers_shared(r: ReachFive, p: Provider, w: HeadlessPresentation, pkce: Pkce, c: ProviderConfig) async throws {
    // Provider.swift (11.0.0)
    let _: AuthToken = try await p.login(scope: nil, origin: "o", presenting: Presentation(from: w))
    try await p.logout()
    let _: (ChecklistProviderCreator) -> (ReachFive, ProviderConfig, ClientConfigResponse) -> Provider =
        ChecklistProviderCreator.create(reachFive:providerConfig:clientConfigResponse:)
    // AppleProvider.swift (11.0.0)
    let _: (AppleProvider) -> (ReachFive, ProviderConfig, ClientConfigResponse) -> Provider =
        AppleProvider.create(reachFive:providerConfig:clientConfigResponse:)
    // ReachFiveLogin.swift (11.0.0) web-login parts
    let _: URL = r.buildAuthorizeURL(
        pkce: pkce, state: nil, nonce: nil, scope: nil, origin: nil, provider: nil, redirectUri: nil, loginUrlFragment: nil)
}

func checklist_Providers_11_0_0(r: ReachFive, p: Provider, w: HeadlessPresentation, pkce: Pkce, c: ProviderConfig) async throws {
    // ReachFiveProviders.swift (11.0.0)
    let _: [Provider] = try await r.reinitialize()
    let _: [Provider] = try await r.initialize()
    // DefaultProvider.swift (11.0.0): WebProvider
    let names: [WebProvider.Name] = [.facebook, .google, .payPal, .twitter, .franceConnect, .oney, .bconnect, .line]
    let _: String = WebProvider.Name.payPal.rawValue
    let _: [WebProvider.WebProviderMode] = [.customScheme, .universalLink]
    _ = { WebProvider(name: names[0]) }
    _ = { WebProvider(name: .google, variant: "v", mode: .customScheme) }
    let _: KeyPath<WebProvider, String> = \WebProvider.name
    let _: KeyPath<WebProvider, String?> = \WebProvider.variant
    let _: KeyPath<WebProvider, WebProvider.WebProviderMode> = \WebProvider.mode
    let _: (WebProvider) -> (ReachFive, ProviderConfig, ClientConfigResponse) -> Provider =
        WebProvider.create(reachFive:providerConfig:clientConfigResponse:)
    // ReachFiveWebviewLogin.swift (11.0.0)
    let _: AuthToken = try await r.webviewLogin(WebviewLoginRequest(presentationContextProvider: w))
    // LoginWKWebview.swift (11.0.0)
    let _: AuthToken = try await LoginWKWebview().loadLoginWebview(reachfive: r, state: nil, nonce: nil, scope: nil, origin: nil)
    let _: AuthToken = try await r.authWithCode(code: "c", pkce: pkce, redirectUri: nil)
    // models/ProviderConfig.swift (11.0.0)
    let _: KeyPath<ProviderConfig, URL?> = \ProviderConfig.universalLink
    // models/requests/WebviewLoginRequest.swift (11.0.0)
    let _: KeyPath<WebviewLoginRequest, WebSessionMode> = \WebviewLoginRequest.webSessionMode
    let _: KeyPath<WebviewLoginRequest, [String: String]?> = \WebviewLoginRequest.loginUrlFragment
    _ = {
        WebviewLoginRequest(
            state: nil, nonce: nil, scope: nil, presentationContextProvider: w, origin: nil, provider: nil,
            prefersEphemeralWebBrowserSession: false, webSessionMode: .customScheme, loginUrlFragment: [:])
    }
    _ = {
        try WebviewLoginRequest(
            state: nil, nonce: nil, scope: nil, presenting: Presentation(from: w), origin: nil, provider: nil,
            prefersEphemeralWebBrowserSession: false, webSessionMode: .customScheme, loginUrlFragment: nil)
    }
    // web/WebSessionMode.swift (11.0.0)
    let _: WebSessionMode = .customScheme
    let _: WebSessionMode = .universalLink(URL(fileURLWithPath: "/"))
}
