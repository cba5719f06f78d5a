import Foundation

/// The SDK's ReachFiveApi, authentication: provider and password logins, signup, the
/// `/oauth/authorize` redirect, the code and refresh exchanges, revocation and logout.
extension ReachFiveApi {
    public func loginWithProvider(loginProviderRequest: LoginProviderRequest) async throws -> AccessTokenResponse {
        try await transport.decode(AccessTokenResponse.self, "POST", "/identity/v1/oauth/provider/token", body: loginProviderRequest)
    }

    public func signupWithPassword(signupRequest: SignupRequest) async throws -> SignupTokenResponse {
        try await transport.decode(SignupTokenResponse.self, "POST", "/identity/v1/signup-token", body: signupRequest)
    }

    public func loginWithPassword(loginRequest: LoginRequest) async throws -> TknMfa {
        try await transport.decode(TknMfa.self, "POST", "/identity/v1/password/login", body: loginRequest)
    }

    /// `GET /oauth/authorize` with `params`; the redirect is not followed: the code is read from
    /// its `Location` (an error in its query becomes the `TechnicalError`'s `apiError`).
    public func authorize(params: [String: String?]?) async throws -> String {
        let response = try await transport.send("GET", "/oauth/authorize", query: query(params), acceptRedirect: true)
        guard let location = response.location, let callback = URLComponents(string: location),
            (300..<400).contains(response.status)
        else {
            throw ReachFiveError.TechnicalError(reason: "No location")
        }
        let items = callback.queryItems
        guard let code = items?.first(where: { $0.name == "code" })?.value else {
            throw ReachFiveError.TechnicalError(reason: "No authorization code", apiError: ApiError(fromQueryParams: items))
        }
        return code
    }

    public func authWithCode(authCodeRequest: AuthCodeRequest) async throws -> AccessTokenResponse {
        try await transport.decode(AccessTokenResponse.self, "POST", "/oauth/token", body: authCodeRequest)
    }

    public func refreshAccessToken(_ refreshRequest: RefreshRequest) async throws -> AccessTokenResponse {
        try await transport.decode(AccessTokenResponse.self, "POST", "/oauth/token", body: refreshRequest)
    }

    public func logout() async throws {
        try await send("GET", "/identity/v1/logout")
    }

    public func revokeToken(revokeTokenRequest: RevokeTokenRequest) async throws {
        try await send("POST", "/oauth/revoke", body: revokeTokenRequest)
    }

    // MARK: 8.2's Future forms

    @_disfavoredOverload
    public func loginWithProvider(loginProviderRequest: LoginProviderRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future { try await self.loginWithProvider(loginProviderRequest: loginProviderRequest) }
    }

    /// 8.2 read the signup's answer as an `AccessTokenResponse` (the same request).
    @_disfavoredOverload
    public func signupWithPassword(signupRequest: SignupRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future {
            try await self.transport.decode(AccessTokenResponse.self, "POST", "/identity/v1/signup-token", body: signupRequest)
        }
    }

    @_disfavoredOverload
    public func loginWithPassword(loginRequest: LoginRequest) -> Future<TknMfa, ReachFiveError> {
        future { try await self.loginWithPassword(loginRequest: loginRequest) }
    }

    /// 8.2's `/oauth/authorize` for a `tkn`: the `LoginCallback`'s members as the query.
    @_disfavoredOverload
    public func loginCallback(loginCallback: LoginCallback) -> Future<String, ReachFiveError> {
        let params: [String: String?] = [
            "client_id": loginCallback.clientId, "response_type": loginCallback.responseType,
            "redirect_uri": loginCallback.redirectUri, "scope": loginCallback.scope, "code_challenge": loginCallback.codeChallenge,
            "code_challenge_method": loginCallback.codeChallengeMethod, "tkn": loginCallback.tkn, "origin": loginCallback.origin,
        ]
        return future { try await self.authorize(params: params) }
    }

    @_disfavoredOverload
    public func authorize(params: [String: String?]?) -> Future<String, ReachFiveError> {
        future { try await self.authorize(params: params) }
    }

    @_disfavoredOverload
    public func authWithCode(authCodeRequest: AuthCodeRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future { try await self.authWithCode(authCodeRequest: authCodeRequest) }
    }

    @_disfavoredOverload
    public func refreshAccessToken(_ refreshRequest: RefreshRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future { try await self.refreshAccessToken(refreshRequest) }
    }

    @_disfavoredOverload
    public func logout() -> Future<Void, ReachFiveError> {
        future { try await self.logout() }
    }
}
