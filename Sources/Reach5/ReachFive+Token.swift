import Encoding
import Foundation

/// The tkn → code → token exchange, refresh, revoke and logout (the SDK's ReachFiveToken.swift and
/// ReachFiveLogin.swift; docs/design/reachfive-protocol.md §4).
extension ReachFive {
    /// `/oauth/authorize` with `params` and a fresh PKCE, then `/oauth/token`.
    func authorize(_ params: [(String, String?)], pkce: PKCE = PKCE(), scopes: [String]?, origin: String?) async throws -> AuthToken {
        let shared: [(String, String?)] = [
            ("client_id", sdkConfig.clientId), ("response_type", "code"),
            ("redirect_uri", sdkConfig.redirectUri.absoluteString), ("scope", self.scopes(scopes)),
            ("code_challenge", pkce.challenge), ("code_challenge_method", "S256"), ("origin", origin),
        ]
        let sharedNames = Set(shared.map(\.0))
        let response = try await reachFiveApi.authorizeRedirect(query: shared + params.filter { !sharedNames.contains($0.0) })
        guard let location = response.location, let url = URLComponents(string: location), url.scheme != "http", url.scheme != "https"
        else {
            throw ReachFiveError.TechnicalError(reason: "Request did not redirect as expected")
        }
        let items = url.queryItems ?? []
        func item(_ name: String) -> String? { items.first { $0.name == name }?.value.map(QueryPlusSigns.asSpaces) }
        guard let code = item("code") else {
            throw ReachFiveError.TechnicalError(
                reason: "No authorization code",
                apiError: ApiError(
                    error: item("error"), errorId: item("error_id"), errorUserMsg: item("error_user_msg"),
                    errorMessageKey: item("error_message_key"), errorDescription: item("error_description")))
        }
        return try await authWithCode(code: code, pkce: pkce)
    }

    func authWithCode(code: String, pkce: PKCE) async throws -> AuthToken {
        let request = AuthCodeRequest(
            clientId: sdkConfig.clientId, code: code, grantType: "authorization_code", redirectUri: sdkConfig.redirectUri,
            codeVerifier: pkce.verifier)
        return try AuthToken.from(try await reachFiveApi.authWithCode(authCodeRequest: request))
    }

    /// The last step of every tkn-returning login.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func loginCallback(tkn: String, scopes: [String]?, origin: String? = nil) async throws -> AuthToken {
        try await authorize([("tkn", tkn)], scopes: scopes, origin: origin)
    }

    /// 11.0: exchanges an identity token from a native provider SDK (Sign in with Apple, a
    /// provider an app integrates itself) for a ReachFive `AuthToken`, as `loginCallback` does a
    /// `tkn`. `provider` is the console's provider name (with its variant, `apple:ios`);
    /// `nonce` is the `Pkce` whose `codeChallenge` the provider was given as its nonce: the
    /// server checks the token's `nonce` claim against its verifier. A first Apple sign-in is the
    /// only one that carries the person's name, so pass `givenName` and `familyName` then.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func login(
        withProvider provider: String, idToken: String, nonce: Pkce, scope: [String]? = nil, origin: String? = nil,
        givenName: String? = nil, familyName: String? = nil
    ) async throws -> AuthToken {
        try await authorize(
            [
                ("provider", provider), ("id_token", idToken), ("nonce", nonce.codeVerifier), ("given_name", givenName),
                ("family_name", familyName),
            ],
            scopes: scope, origin: origin)
    }

    /// A new access token from the refresh token (`/oauth/token`, grant `refresh_token`).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func refreshAccessToken(authToken: AuthToken) async throws -> AuthToken {
        let request = RefreshRequest(clientId: sdkConfig.clientId, refreshToken: authToken.refreshToken, redirectUri: sdkConfig.redirectUri)
        return try AuthToken.from(try await reachFiveApi.refreshAccessToken(request))
    }

    /// Revokes the access token, then the refresh token when there is one (RFC 7009).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func revokeToken(authToken: AuthToken) async throws {
        try await reachFiveApi.revokeToken(
            revokeTokenRequest: RevokeTokenRequest(
                token: authToken.accessToken, tokenTypeHint: TokenType.accessToken.rawValue, clientId: sdkConfig.clientId))
        if let refreshToken = authToken.refreshToken {
            try await reachFiveApi.revokeToken(
                revokeTokenRequest: RevokeTokenRequest(
                    token: refreshToken, tokenTypeHint: TokenType.refreshToken.rawValue, clientId: sdkConfig.clientId))
        }
    }

    /// 11.0's logout: each provider's logout, the web session's (`webSessionLogout`: the server's
    /// logout endpoint visited in the presentation's browser, which ends its SSO session, until it
    /// comes back to the app),
    /// the revocation of `token`, all with their errors dropped as the SDK drops them; then
    /// `GET /identity/v1/logout`, whose errors propagate.
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func logout(webSessionLogout request: WebSessionLogoutRequest? = nil, revoke token: AuthToken? = nil) async throws {
        for provider in getProviders() {
            // the SDK does not stop for a provider that fails to log out
            try? await provider.logout()
        }
        if let request {
            var params: [String: String?] = ["post_logout_redirect_uri": sdkConfig.redirectUri.absoluteString]
            if let origin = request.origin { params["origin"] = origin }
            let browser = HeadlessBrowser(transport: reachFiveApi.transport, presentation: request.presentationContextProvider)
            // the SDK drops the web session's outcome (a closed sheet or a refused redirect)
            _ = try? await browser.open(reachFiveApi.buildLogoutURL(queryParams: params), until: sdkConfig.redirectUri)
        }
        if let token {
            // a failed revocation does not stop the logout, as in the SDK
            try? await revokeToken(authToken: token)
        }
        try await reachFiveApi.logout()
    }
}
