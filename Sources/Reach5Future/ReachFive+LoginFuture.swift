@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFiveLogin.swift (its logout is in ReachFive+TokenFuture.swift).

extension ReachFive {
    public func loginCallback(tkn: String, scopes: [String]?, origin: String? = nil) -> Future<AuthToken, ReachFiveError> {
        future { try await self.loginCallback(tkn: tkn, scopes: scopes, origin: origin) }
    }

    public func authWithCode(code: String, pkce: Pkce) -> Future<AuthToken, ReachFiveError> {
        future { try await self.authWithCode(code: code, pkce: pkce) }
    }
}
