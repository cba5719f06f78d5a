import Foundation

/// The providers one `ReachFive` built at `initialize()`.
final class ProviderState: @unchecked Sendable {
    private let lock = NSLock()
    private var built: [Provider] = []
    private var builtConfigs: [ProviderConfig] = []
    private var client: ClientConfigResponse?

    var providers: [Provider] { lock.withLock { built } }
    var configs: [ProviderConfig] { lock.withLock { builtConfigs } }
    var clientConfig: ClientConfigResponse? { lock.withLock { client } }

    func set(_ providers: [Provider], configs: [ProviderConfig], clientConfig: ClientConfigResponse) {
        lock.withLock {
            built = providers
            builtConfigs = configs
            client = clientConfig
        }
    }
}

extension ReachFive {
    /// The provider named `name` (as the server names it), once `initialize()` has run.
    public func getProvider(name: String) -> Provider? {
        providerState.providers.first { $0.name == name }
    }

    /// Every provider `initialize()` built.
    public func getProviders() -> [Provider] {
        providerState.providers
    }

    /// Reads the configuration and the providers again.
    @discardableResult
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func reinitialize() async throws -> [Provider] {
        try await loadConfiguration()
    }

    /// `/api/v1/providers` with each creator's variant (`?apple=native`), then one provider per
    /// configuration with a client id: the creator of that name, else Apple's own, else the web one.
    /// `initialize()` calls it after reading the client configuration.
    func loadProviders(clientConfig: ClientConfigResponse) async throws -> [Provider] {
        var variants: [(String, String?)] = []
        for creator in providersCreators where !variants.contains(where: { $0.0 == creator.name }) {
            variants.append((creator.name, creator.variant))
        }
        let result = try await reachFiveApi.providersConfigs(query: variants)
        let configs = result.items.filter { $0.clientId != nil }
        let providers: [Provider] = configs.map { config in
            if let creator = providersCreators.first(where: { $0.name == config.provider }) {
                return creator.create(reachFive: self, providerConfig: config, clientConfigResponse: clientConfig)
            }
            if config.provider == AppleProvider.NAME {
                return ConfiguredAppleProvider(reachFive: self, providerConfig: config, clientConfigResponse: clientConfig)
            }
            return DefaultProvider(reachfive: self, providerConfig: config)
        }
        providerState.set(providers, configs: configs, clientConfig: clientConfig)
        return providers
    }

    /// A tracked Future whose value need not be Sendable (providers are app classes).
    @_spi(Reach5Future) public func providersFuture<T>(_ work: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
        future { ProviderBox(value: try await work()) }.map { $0.value }
    }
}
