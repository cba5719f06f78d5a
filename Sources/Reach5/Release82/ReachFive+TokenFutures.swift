import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+Token.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func refreshAccessToken(authToken: AuthToken) -> Future<AuthToken, ReachFiveError> {
        future { try await self.refreshAccessToken(authToken: authToken) }
    }

    /// The 8.2 page's spelling (its example passes the token without a label).
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public func refreshAccessToken(_ authToken: AuthToken) -> Future<AuthToken, ReachFiveError> {
        refreshAccessToken(authToken: authToken)
    }

    @_disfavoredOverload
    public func revokeToken(authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.revokeToken(authToken: authToken) }
    }

    @_disfavoredOverload
    public func loginCallback(tkn: String, scopes: [String]?, origin: String? = nil) -> Future<AuthToken, ReachFiveError> {
        future { try await self.loginCallback(tkn: tkn, scopes: scopes, origin: origin) }
    }

    /// 8.2's logout: the providers' and the SSO session's.
    @_disfavoredOverload
    public func logout() -> Future<(), ReachFiveError> {
        future { try await self.logout(webSessionLogout: nil, revoke: nil) }
    }
}
