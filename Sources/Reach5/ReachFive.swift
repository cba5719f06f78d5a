import Foundation

/// The ReachFive SDK's entry point, on Linux. One instance per app, as `AppDelegate.reachfive()`
/// returns it; every method exists as `async throws` and as a `Future` (the seed pages' form).
public final class ReachFive: @unchecked Sendable {
    public let sdkConfig: SdkConfig
    let api: ReachFiveAPI
    let futures = FutureTracker()
    private let lock = NSLock()
    private var _scope: [String] = []
    private var _providers: [ProviderConfig] = []

    /// - Parameter recorder: notes every request sent (for tests that check the wire).
    public init(sdkConfig: SdkConfig, recorder: WireRecorder? = nil) {
        self.sdkConfig = sdkConfig
        api = ReachFiveAPI(baseURL: sdkConfig.baseURL, correlationId: UUID().uuidString, recorder: recorder)
    }

    /// The client's scopes, from `initialize()`; empty until then (and then `scope=""` is sent).
    public var scope: [String] { lock.withLock { _scope } }
    public var providers: [ProviderConfig] { lock.withLock { _providers } }

    private struct ClientConfig: Decodable {
        let scope: String
        let sms: Bool
    }
    private struct Providers: Decodable {
        let items: [ProviderConfig]
        let status: String
    }

    /// Reads the client configuration (scopes) and the social providers.
    @discardableResult
    public func initialize() async throws -> [ProviderConfig] {
        let config = try await api.decode(ClientConfig.self, "GET", "/identity/v1/config", query: [("client_id", sdkConfig.clientId)])
        let providers = try await api.decode(Providers.self, "GET", "/api/v1/providers").items.filter { $0.clientId != nil }
        lock.withLock {
            _scope = config.scope.split(separator: " ").map(String.init)
            _providers = providers
        }
        return providers
    }

    @discardableResult
    public func initialize() -> Future<[ProviderConfig], ReachFiveError> { future { try await self.initialize() } }

    func scopes(_ requested: [String]?) -> String { (requested ?? scope).joined(separator: " ") }
}
