import Foundation

// 8.2.0's Future forms (the SDK's ReachFiveApi+Tokens.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFiveApi {
    @_disfavoredOverload
    public func loginWithProvider(loginProviderRequest: LoginProviderRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future { try await self.loginWithProvider(loginProviderRequest: loginProviderRequest) }
    }

    /// 8.2 read the signup's answer as an `AccessTokenResponse` (the same request).
    @_disfavoredOverload
    public func signupWithPassword(signupRequest: SignupRequest) -> Future<AccessTokenResponse, ReachFiveError> {
        future { try AccessTokenResponse.from(try await self.signupJSON(signupRequest)) }
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
