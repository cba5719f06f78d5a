import Foundation
import Synchronization

/// How a web login session returns to the app: the SDK's custom scheme, or a universal link.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public struct WebSessionMode: Sendable {
    enum Callback: Sendable {
        case customScheme
        case universalLink(URL)
    }

    let callback: Callback

    private init(callback: Callback) { self.callback = callback }

    /// Through the SDK's redirect URI (`reachfive-<clientId>://callback`): the default.
    public static let customScheme = WebSessionMode(callback: .customScheme)

    /// Through `link`, which is then the `redirect_uri`.
    public static func universalLink(_ link: URL) -> WebSessionMode { WebSessionMode(callback: .universalLink(link)) }

    /// The `redirect_uri` the mode carries; nil for the custom scheme (the SdkConfig's applies).
    var redirectUri: URL? {
        switch callback {
        case .customScheme: nil
        case .universalLink(let url): url
        }
    }
}

/// `webviewLogin(_:)`'s request. The presentation context provider is the headless presentation.
public class WebviewLoginRequest: @unchecked Sendable {
    public let state: String
    public let nonce: String
    public let scope: [String]?
    public let presentationContextProvider: HeadlessPresentation
    public let origin: String?
    public let provider: String?
    public let prefersEphemeralWebBrowserSession: Bool
    /// The `redirect_uri` of this login and its return channel.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let webSessionMode: WebSessionMode
    /// Pairs carried in the authorize URL's fragment (never sent to the server).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let loginUrlFragment: [String: String]?

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(
        state: String? = nil, nonce: String? = nil, scope: [String]? = nil, presentationContextProvider: HeadlessPresentation,
        origin: String? = nil, provider: String? = nil, prefersEphemeralWebBrowserSession: Bool = false,
        webSessionMode: WebSessionMode = .customScheme, loginUrlFragment: [String: String]? = nil
    ) {
        self.state = state ?? "state"
        self.nonce = nonce ?? "nonce"
        self.scope = scope
        self.presentationContextProvider = presentationContextProvider
        self.origin = origin
        self.provider = provider
        self.prefersEphemeralWebBrowserSession = prefersEphemeralWebBrowserSession
        self.webSessionMode = webSessionMode
        self.loginUrlFragment = loginUrlFragment
    }

    /// 8.2's initializer: 11.0's without `webSessionMode:` and `loginUrlFragment:`.
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    @_disfavoredOverload
    public convenience init(
        state: String? = nil, nonce: String? = nil, scope: [String]? = nil, presentationContextProvider: HeadlessPresentation,
        origin: String? = nil, provider: String? = nil, prefersEphemeralWebBrowserSession: Bool = false
    ) {
        self.init(
            state: state, nonce: nonce, scope: scope, presentationContextProvider: presentationContextProvider, origin: origin,
            provider: provider, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession, webSessionMode: .customScheme,
            loginUrlFragment: nil)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    /// 11.0's form: the context provider derived from a `Presentation`.
    public convenience init(
        state: String? = nil, nonce: String? = nil, scope: [String]? = nil, presenting: Presentation, origin: String? = nil,
        provider: String? = nil, prefersEphemeralWebBrowserSession: Bool = false, webSessionMode: WebSessionMode = .customScheme,
        loginUrlFragment: [String: String]? = nil
    ) throws {
        self.init(
            state: state, nonce: nonce, scope: scope, presentationContextProvider: try presenting.webAuthContextProvider(),
            origin: origin, provider: provider, prefersEphemeralWebBrowserSession: prefersEphemeralWebBrowserSession,
            webSessionMode: webSessionMode, loginUrlFragment: loginUrlFragment)
    }
}

extension ReachFive {
    /// The web login: PKCE, `/oauth/authorize` opened in the presentation's headless browser
    /// (redirects followed with the presentation's cookies, so the server's SSO session makes a
    /// second login silent; none with `prefersEphemeralWebBrowserSession`), the hosted login
    /// page and a social provider's chooser answered by the presentation's person
    /// (``HeadlessPresentation/webLogin``, ``HeadlessPresentation/providerIdentity``), the code
    /// from the callback, then `/oauth/token`. A callback without a code is a `TechnicalError`
    /// carrying the server's error; a person who closes the sheet is `AuthCanceled`.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func webviewLogin(_ request: WebviewLoginRequest) async throws -> AuthToken {
        let pkce = Pkce.generate()
        let redirectUri = request.webSessionMode.redirectUri ?? sdkConfig.redirectUri
        let url = buildAuthorizeURL(
            pkce: pkce, state: request.state, nonce: request.nonce, scope: request.scope, origin: request.origin,
            provider: request.provider, redirectUri: redirectUri)
        let browser = HeadlessBrowser(
            transport: reachFiveApi.transport, presentation: request.presentationContextProvider,
            ephemeral: request.prefersEphemeralWebBrowserSession)
        let callback = try await browser.open(url, until: redirectUri)
        let items = callback.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
        guard let code = item("code") else {
            throw ReachFiveError.TechnicalError(
                reason: "No authorization code",
                apiError: ApiError(
                    error: item("error"), errorId: item("error_id"), errorUserMsg: item("error_user_msg"),
                    errorMessageKey: item("error_message_key"), errorDescription: item("error_description")))
        }
        return try await authWithCode(code: code, pkce: pkce, redirectUri: redirectUri)
    }

    /// Exchanges an authorization code for tokens (`/oauth/token`), with the `redirect_uri` the
    /// code was asked for (nil: the SdkConfig's). What a custom provider calls after its own login.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func authWithCode(code: String, pkce: Pkce, redirectUri: URL? = nil) async throws -> AuthToken {
        let request = AuthCodeRequest(
            clientId: sdkConfig.clientId, code: code, grantType: "authorization_code", redirectUri: redirectUri ?? sdkConfig.redirectUri,
            codeVerifier: pkce.codeVerifier)
        return try AuthToken.from(try await reachFiveApi.authWithCode(authCodeRequest: request))
    }

    /// The `/oauth/authorize` URL a browser opens for a web login (what `webviewLogin` requests).
    public func buildAuthorizeURL(
        pkce: Pkce, state: String? = nil, nonce: String? = nil, scope: [String]? = nil, origin: String? = nil, provider: String? = nil,
        redirectUri: URL? = nil, loginUrlFragment: [String: String]? = nil
    ) -> URL {
        let query = authorizeQuery(
            pkce: pkce, scope: scope, origin: origin, provider: provider, state: state, nonce: nonce, redirectUri: redirectUri)
        var components = URLComponents(
            url: reachFiveApi.buildAuthorizeURL(query: query), resolvingAgainstBaseURL: false)!
        if let loginUrlFragment, !loginUrlFragment.isEmpty {
            var fragment = URLComponents()
            fragment.queryItems = loginUrlFragment.map { URLQueryItem(name: $0.key, value: $0.value) }
            components.percentEncodedFragment = fragment.percentEncodedQuery
        }
        return components.url!
    }

    func authorizeQuery(
        pkce: Pkce, scope: [String]?, origin: String?, provider: String?, state: String?, nonce: String?, redirectUri: URL?
    ) -> [(String, String?)] {
        [
            ("client_id", sdkConfig.clientId), ("response_type", "code"),
            ("redirect_uri", (redirectUri ?? sdkConfig.redirectUri).absoluteString), ("scope", scopes(scope)),
            ("code_challenge", pkce.codeChallenge), ("code_challenge_method", pkce.codeChallengeMethod), ("origin", origin),
            ("provider", provider), ("state", state), ("nonce", nonce),
        ]
    }

}

/// The embedded login web view (a `UIView` in the SDK): headless, it opens the authorize URL as
/// `webviewLogin(_:)` does and completes on the SDK's custom scheme.
public class LoginWKWebview: @unchecked Sendable {
    public init() {}

    /// Latchkey's addition: who sees and fills in every login web view's page, and whose vault
    /// keeps their cookies (a `WKWebView`'s default website data store, shared by the app's web
    /// views). Nil: no one fills the page in, and the login ends as a closed page
    /// (`AuthCanceled`).
    public static var presentation: HeadlessPresentation? {
        get { sharedPresentation.withLock { $0 } }
        set { sharedPresentation.withLock { $0 = newValue } }
    }
    private static let sharedPresentation = Mutex<HeadlessPresentation?>(nil)

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func loadLoginWebview(
        reachfive: ReachFive, state: String? = nil, nonce: String? = nil, scope: [String]? = nil, origin: String? = nil
    ) async throws -> AuthToken {
        try await reachfive.webviewLogin(
            WebviewLoginRequest(
                state: state, nonce: nonce, scope: scope,
                presentationContextProvider: try Self.presentation ?? HeadlessPresentation.ephemeral(.cancel),
                origin: origin))
    }

    /// The 8.2.0 documentation page's spelling (no SDK release declares it): the login completes
    /// `promise`.
    @available(*, deprecated, message: "the SDK declares loadLoginWebview(reachfive:state:nonce:scope:origin:) returning the Future")
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func loadLoginWebview(reachfive: ReachFive, promise: Promise<AuthToken, ReachFiveError>) {
        promise.completeWith(loadLoginWebview(reachfive: reachfive))
    }
}
