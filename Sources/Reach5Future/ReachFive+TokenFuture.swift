@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFiveToken.swift, and the logout of its ReachFiveLogin.swift:
// Future forms of the async token methods, for code that imports `Reach5Future`.

extension ReachFive {
    public func refreshAccessToken(authToken: AuthToken) -> Future<AuthToken, ReachFiveError> {
        future { try await self.refreshAccessToken(authToken: authToken) }
    }

    public func revokeToken(authToken: AuthToken) -> Future<Void, ReachFiveError> {
        future { try await self.revokeToken(authToken: authToken) }
    }

    public func logout(webSessionLogout request: WebSessionLogoutRequest? = nil, revoke token: AuthToken? = nil) -> Future<
        Void, ReachFiveError
    > {
        future { try await self.logout(webSessionLogout: request, revoke: token) }
    }
}
