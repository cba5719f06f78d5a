import Foundation

// 8.2.0's Future forms (the SDK's MfaRegistration.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ContinueRegistration {
    @_disfavoredOverload
    public func verify(code: String, freshAuthToken: AuthToken? = nil) -> Future<MfaCredentialItem, ReachFiveError> {
        reachfive.future { try await self.verify(code: code, freshAuthToken: freshAuthToken) }
    }
}
