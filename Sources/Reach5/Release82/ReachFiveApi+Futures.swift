import Foundation

// 8.2.0's Future forms (the SDK's ReachFiveApi.swift at that tag): the app's API under the
// ReachFive82 trait; without it they are SPI, still built for the union and for this module.

#if !ReachFive82
    @_spi(ReachFive82)
#endif
extension ReachFiveApi {
    @_disfavoredOverload
    public func clientConfig() -> Future<ClientConfigResponse, ReachFiveError> {
        future { try await self.clientConfig() }
    }

    @_disfavoredOverload
    public func providersConfigs(variants: [String: String?]) -> Future<ProvidersConfigsResult, ReachFiveError> {
        future { try await self.providersConfigs(variants: variants) }
    }
}
