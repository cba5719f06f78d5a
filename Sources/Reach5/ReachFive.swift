import Foundation

// The SDK's callback types (ReachFive.swift; MfaCredentialRegistrationCallback is in MfaRegistration.swift).
public typealias PasswordlessCallback = (_ result: Result<AuthToken, ReachFiveError>) -> Void
public typealias AccountRecoveryCallback = (_ result: Result<AccountRecoveryResponse, ReachFiveError>) -> Void
public typealias EmailVerificationCallback = (_ result: Result<Void, ReachFiveError>) -> Void

/// The ReachFive SDK's entry point, on Linux. One instance per app, as `AppDelegate.reachfive()`
/// returns it; every method exists as `async throws` and as a `Future` (the seed pages' form).
public final class ReachFive: NSObject, @unchecked Sendable {
    public let sdkConfig: SdkConfig
    let api: ReachFiveTransport
    let futures: FutureTracker
    /// The SDK's public raw API, over this instance's transport (ReachFiveApiClass.swift).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let reachFiveApi: ReachFiveApi
    private let lock = NSLock()
    private var _scope: [String] = []
    private var callbacks = Callbacks()
    /// The SDK's `providersCreators` and the providers `initialize()` built (ReachFive+Providers.swift).
    let providersCreators: [ProviderCreator]
    let providerState = ProviderState()
    /// Where the passwordless PKCE waits for its link (`UserDefaultsStorage` unless given).
    public let storage: Storage
    /// The sheet's delegate: every native flow shows its requests through it.
    let credentialManager: CredentialManager
    /// The storage key of the passwordless PKCE.
    public let pkceKey = "PASSWORDLESS_PKCE"
    /// The settings given as `sdkInternalConfig:` (logging is never printed by the library).
    let sdkInternalConfig: SdkInternalConfig

    /// 8.2's initializer: 11.0's without `sdkInternalConfig:` (`recorder:` is Latchkey's addition).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    @_disfavoredOverload
    public convenience init(
        sdkConfig: SdkConfig, providersCreators: [ProviderCreator] = [], storage: Storage? = nil, recorder: WireRecorder? = nil
    ) {
        self.init(sdkConfig: sdkConfig, providersCreators: providersCreators, storage: storage, sdkInternalConfig: nil, recorder: recorder)
    }

    /// The SDK's initializer (11.0; 8.2's is the same without `sdkInternalConfig:`).
    /// - Parameters:
    ///   - sdkConfig: the domain, client and callback URIs (``SdkConfig``).
    ///   - providersCreators: the social providers the app registers (`AppleProvider`, `WebProvider`, its own).
    ///   - storage: where a passwordless PKCE waits for its link; `UserDefaultsStorage` when nil.
    ///   - sdkInternalConfig: the SDK's internal settings (logging).
    ///   - recorder: Latchkey's addition: notes every request sent (for tests of the wire).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public init(
        sdkConfig: SdkConfig, providersCreators: [ProviderCreator] = [], storage: Storage? = nil,
        sdkInternalConfig: SdkInternalConfig? = nil, recorder: WireRecorder? = nil
    ) {
        self.sdkConfig = sdkConfig
        self.providersCreators = providersCreators
        self.storage = storage ?? UserDefaultsStorage()
        self.sdkInternalConfig = sdkInternalConfig ?? SdkInternalConfig()
        api = ReachFiveTransport(baseURL: sdkConfig.baseURL, correlationId: UUID().uuidString, recorder: recorder)
        let futures = FutureTracker()
        self.futures = futures
        reachFiveApi = ReachFiveApi(sdkConfig: sdkConfig, transport: api, futures: futures)
        credentialManager = CredentialManager(reachFiveApi: reachFiveApi, storage: self.storage)
    }

    override public var description: String {
        """
        Config: domain=\(sdkConfig.domain), clientId=\(sdkConfig.clientId)
        Providers: \(providers.map(\.provider))
        Scope: \(scope.joined(separator: " "))
        """
    }

    /// The callbacks the app registered (`add…Callback`), read by the URL interceptions (MFA's
    /// is kept in ReachFive+MfaState.swift).
    private struct Callbacks {
        var passwordless: PasswordlessCallback?
        var accountRecovery: AccountRecoveryCallback?
        var emailVerification: EmailVerificationCallback?
    }

    var passwordlessCallback: PasswordlessCallback? {
        get { lock.withLock { callbacks.passwordless } }
        set { lock.withLock { callbacks.passwordless = newValue } }
    }
    var accountRecoveryCallback: AccountRecoveryCallback? {
        get { lock.withLock { callbacks.accountRecovery } }
        set { lock.withLock { callbacks.accountRecovery = newValue } }
    }
    var emailVerificationCallback: EmailVerificationCallback? {
        get { lock.withLock { callbacks.emailVerification } }
        set { lock.withLock { callbacks.emailVerification = newValue } }
    }

    /// The client's scopes, from `initialize()`; empty until then (and then `scope=""` is sent).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public var scope: [String] { lock.withLock { _scope } }
    /// The configurations of the providers `initialize()` built (Latchkey's addition).
    public var providers: [ProviderConfig] { providerState.configs }

    /// Reads the client configuration (scopes) and builds the social providers, once: after a
    /// success it answers the providers it built without asking again (`reinitialize()` asks again).
    @discardableResult
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func initialize() async throws -> [Provider] {
        if providerState.clientConfig != nil { return providerState.providers }
        return try await loadConfiguration()
    }

    /// `GET /identity/v1/config` then the providers (ReachFive+Providers.swift): what both
    /// `initialize()` and `reinitialize()` do.
    func loadConfiguration() async throws -> [Provider] {
        let config = try await reachFiveApi.clientConfig()
        lock.withLock { _scope = config.scope.split(separator: " ").map(String.init) }
        return try await loadProviders(clientConfig: config)
    }

    func scopes(_ requested: [String]?) -> String { (requested ?? scope).joined(separator: " ") }
}
