import Reach5

// reachfive-ios-future 10.0.1's ReachFiveProviders.swift and ReachFiveWebviewLogin.swift.

extension ReachFive {
    public func initialize() -> Future<[Provider], ReachFiveError> {
        Future { try await self.initialize() }
    }

    public func reinitialize() -> Future<[Provider], ReachFiveError> {
        Future { try await self.reinitialize() }
    }

    public func webviewLogin(_ request: WebviewLoginRequest) -> Future<AuthToken, ReachFiveError> {
        Future { try await self.webviewLogin(request) }
    }
}
