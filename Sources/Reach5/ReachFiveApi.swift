import Foundation

/// The SDK's public raw API (ReachFiveApi.swift): one method per ReachFive endpoint, each sending
/// the request the 11.0.0 SDK sends (`platform`/`sdk` on every URL, the `X-R5-Correlation-Id`
/// header, snake_case JSON bodies with nils absent, `Authorization` from the token's type) and
/// decoding the answer into the SDK's model. `ReachFive.reachFiveApi` shares its instance's
/// transport (and so its `WireRecorder` and correlation id); `ReachFiveApi(sdkConfig:)` makes its own.
/// 8.2's Future forms are the disfavoured overloads in the `ReachFiveApi+…` files.
public class ReachFiveApi: @unchecked Sendable {
    let sdkConfig: SdkConfig
    let transport: ReachFiveTransport
    let futures: FutureTracker

    public init(sdkConfig: SdkConfig) {
        self.sdkConfig = sdkConfig
        transport = ReachFiveTransport(baseURL: sdkConfig.baseURL, correlationId: UUID().uuidString, recorder: nil)
        futures = FutureTracker()
    }

    /// The instance `ReachFive` holds: its transport and its Future tracker.
    init(sdkConfig: SdkConfig, transport: ReachFiveTransport, futures: FutureTracker) {
        self.sdkConfig = sdkConfig
        self.transport = transport
        self.futures = futures
    }

    /// `createUrl`'s parameters: nil values dropped (the transport drops them, and adds the defaults).
    func query(_ params: [String: String?]?) -> [(String, String?)] {
        (params ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The URL the SDK's `createUrl` builds: the defaults win a name clash, nil values are dropped.
    func createUrl(path: String, params: [String: String?]? = nil) -> URL {
        createUrl(path: path, query: query(params))
    }

    /// `createUrl` with the parameters in the caller's order (the facade's authorize URL).
    func createUrl(path: String, query: [(String, String?)]) -> URL {
        var components = URLComponents(url: sdkConfig.baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
            .filter { $0.name != "platform" && $0.name != "sdk" }
        components.queryItems =
            items + [URLQueryItem(name: "platform", value: "ios"), URLQueryItem(name: "sdk", value: ReachFiveTransport.sdkVersion)]
        components.percentEncodedQuery = components.percentEncodedQuery.map(QueryPlusSigns.encoded)
        return components.url!
    }

    /// A Future form: the async form's result, tracked by the owning `ReachFive` (`settled()`).
    func future<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
        futures.future(work)
    }

    /// Sends and discards the answer's body (the SDK's `responseJson()` without a type).
    func send(_ method: String, _ path: String, query: [(String, String?)] = [], body: (any Encodable)? = nil, auth: AuthToken? = nil)
        async throws
    {
        _ = try await transport.send(method, path, query: query, body: body, auth: auth)
    }

    // MARK: - URL construction

    public func buildAuthorizeURL(queryParams: [String: String?]) -> URL {
        buildAuthorizeURL(query: query(queryParams))
    }

    /// The authorize URL with the parameters in the caller's order (the facade's web login).
    func buildAuthorizeURL(query: [(String, String?)]) -> URL {
        createUrl(path: "/oauth/authorize", query: query)
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func buildLogoutURL(queryParams: [String: String?]) -> URL {
        createUrl(path: "/identity/v1/logout", params: queryParams)
    }

    // MARK: - Configuration

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func clientConfig() async throws -> ClientConfigResponse {
        try await transport.decode(ClientConfigResponse.self, "GET", "/identity/v1/config", query: [("client_id", sdkConfig.clientId)])
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func providersConfigs(variants: [String: String?]) async throws -> ProvidersConfigsResult {
        try await providersConfigs(query: query(variants))
    }

    /// `/api/v1/providers` with the variants in the caller's order (the facade's: its creators').
    func providersConfigs(query: [(String, String?)]) async throws -> ProvidersConfigsResult {
        try await transport.decode(ProvidersConfigsResult.self, "GET", "/api/v1/providers", query: query)
    }

}
