import Foundation

// 8.2.0's Future forms (the SDK's ReachFive+Providers.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFive {
    @_disfavoredOverload
    @discardableResult
    public func reinitialize() -> Future<[Provider], ReachFiveError> { providersFuture { try await self.reinitialize() } }
}
