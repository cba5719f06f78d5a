import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+WebviewLogin.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func authWithCode(code: String, pkce: Pkce) -> Future<AuthToken, ReachFiveError> {
        future { try await self.authWithCode(code: code, pkce: pkce) }
    }

    @_disfavoredOverload
    public func webviewLogin(_ request: WebviewLoginRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.webviewLogin(request) }
    }
}

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension LoginWKWebview {
    @_disfavoredOverload
    public func loadLoginWebview(
        reachfive: ReachFive, state: String? = nil, nonce: String? = nil, scope: [String]? = nil, origin: String? = nil
    ) -> Future<AuthToken, ReachFiveError> {
        reachfive.future { try await self.loadLoginWebview(reachfive: reachfive, state: state, nonce: nonce, scope: scope, origin: origin) }
    }
}
