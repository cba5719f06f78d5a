import Foundation

// 8.2.0's Future forms (the SDK's MfaStepUp.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ContinueStepUp {
    @_disfavoredOverload
    public func verify(code: String, trustDevice: Bool? = nil) -> Future<AuthToken, ReachFiveError> {
        reachfive.future { try await self.verify(code: code, trustDevice: trustDevice) }
    }
}
