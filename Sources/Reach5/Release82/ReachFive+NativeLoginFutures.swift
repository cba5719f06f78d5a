import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+NativeLogin.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func login(
        withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization], display mode: Mode
    ) -> Future<LoginFlow, ReachFiveError> {
        future { try await self.login(withRequest: request, usingModalAuthorizationFor: requestTypes, display: mode) }
    }

    @_disfavoredOverload
    public func login(
        withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
        usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
    ) -> Future<AuthToken, ReachFiveError> {
        future {
            try await self.login(
                withNonDiscoverableUsername: username, forRequest: request, usingModalAuthorizationFor: requestTypes, display: mode)
        }
    }

    @_disfavoredOverload
    public func beginAutoFillAssistedPasskeyLogin(withRequest request: NativeLoginRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.beginAutoFillAssistedPasskeyLogin(withRequest: request) }
    }
}
