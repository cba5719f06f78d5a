import Foundation

// 8.2.0's Future forms (the SDK's EmailVerificationResponse.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ContinueEmailVerification {
    /// 8.2: the same, as a Future.
    @_disfavoredOverload
    public func verify(code: String, email: String, freshAuthToken: AuthToken? = nil) -> Future<Void, ReachFiveError> {
        reachfive.future { try await self.verify(code: code, email: email, freshAuthToken: freshAuthToken) }
    }
}
