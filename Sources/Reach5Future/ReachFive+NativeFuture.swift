// reachfive-ios-future 10.0.1 ReachFiveNative.swift: the passkey and modal-sheet flows as Futures.
@_spi(Reach5Future) import Reach5

extension ReachFive {
    public func signup(withRequest request: PasskeySignupRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.signup(withRequest: request) }
    }

    public func beginAutoFillAssistedPasskeyLogin(withRequest request: NativeLoginRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.beginAutoFillAssistedPasskeyLogin(withRequest: request) }
    }

    public func login(
        withRequest request: NativeLoginRequest, usingModalAuthorizationFor requestTypes: [ModalAuthorization], display mode: Mode
    ) -> Future<LoginFlow, ReachFiveError> {
        future { try await self.login(withRequest: request, usingModalAuthorizationFor: requestTypes, display: mode) }
    }

    public func login(
        withNonDiscoverableUsername username: Username, forRequest request: NativeLoginRequest,
        usingModalAuthorizationFor requestTypes: [NonDiscoverableAuthorization], display mode: Mode
    ) -> Future<AuthToken, ReachFiveError> {
        future {
            try await self.login(
                withNonDiscoverableUsername: username, forRequest: request, usingModalAuthorizationFor: requestTypes, display: mode)
        }
    }

    public func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) -> Future<(), ReachFiveError> {
        future { try await self.registerNewPasskey(withRequest: request, authToken: authToken) }
    }

    public func resetPasskeys(withRequest request: ResetPasskeyRequest) -> Future<(), ReachFiveError> {
        future { try await self.resetPasskeys(withRequest: request) }
    }
}
