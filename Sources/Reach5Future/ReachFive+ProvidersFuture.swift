@_spi(Reach5Future) import Reach5

// reachfive-ios-future 10.0.1's ReachFiveProviders.swift and ReachFiveWebviewLogin.swift.

extension ReachFive {
    public func initialize() -> Future<[Provider], ReachFiveError> {
        providersFuture { try await self.initialize() }
    }

    public func reinitialize() -> Future<[Provider], ReachFiveError> {
        providersFuture { try await self.reinitialize() }
    }

    public func webviewLogin(_ request: WebviewLoginRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.webviewLogin(request) }
    }
}
