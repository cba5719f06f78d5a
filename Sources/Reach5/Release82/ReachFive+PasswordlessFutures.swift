import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+Passwordless.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    public func startPasswordless(_ request: PasswordLessRequest) -> Future<(), ReachFiveError> {
        future { try await self.startPasswordless(request) }
    }

    @_disfavoredOverload
    public func verifyPasswordlessCode(verifyAuthCodeRequest: VerifyAuthCodeRequest) -> Future<AuthToken, ReachFiveError> {
        future { try await self.verifyPasswordlessCode(verifyAuthCodeRequest: verifyAuthCodeRequest) }
    }
}
