import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+PasskeyRegistration.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func signup(withRequest request: PasskeySignupRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.signup(withRequest: request) }
    }

    @_disfavoredOverload
    public func registerNewPasskey(withRequest request: NewPasskeyRequest, authToken: AuthToken) -> Future<(), ReachFiveError> {
        future { try await self.registerNewPasskey(withRequest: request, authToken: authToken) }
    }

    @_disfavoredOverload
    public func resetPasskeys(withRequest request: ResetPasskeyRequest) -> Future<(), ReachFiveError> {
        future { try await self.resetPasskeys(withRequest: request) }
    }

    /// The form 8.2's `resetPasskeys` example writes (no SDK release declares it): the code as a
    /// second argument.
    @_disfavoredOverload
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    @available(*, deprecated, message: "use resetPasskeys(withRequest:) with the code in the ResetPasskeyRequest")
    public func resetPasskeys(withRequest request: ResetPasskeyRequest, verificationCode: String) -> Future<(), ReachFiveError> {
        resetPasskeys(withRequest: request.with(verificationCode: verificationCode))
    }
}
