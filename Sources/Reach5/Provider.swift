import Foundation

/// Builds a `Provider` once `initialize()` has read its configuration: list creators in
/// `ReachFive(sdkConfig:providersCreators:)`; `name` matches the provider's name on the server.
public protocol ProviderCreator {
    var name: String { get }
    var variant: String? { get }

    /// Receives the `ReachFive` instance: hold it weakly in the provider (it retains its providers).
    func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider

    /// 8.2's factory: the configuration and the raw API in place of the `ReachFive` instance. Implement
    /// either form: each has a default built on the other (ProviderCreator82.swift).
    func create(
        sdkConfig: SdkConfig, providerConfig: ProviderConfig, reachFiveApi: ReachFiveApi, clientConfigResponse: ClientConfigResponse
    )
        -> Provider
}

/// A login provider (11.0's protocol: `login` and `logout` are `async`; 8.2's Future forms are
/// below). Where the SDK takes a view controller, a headless presentation stands in.
public protocol Provider {
    var name: String { get }
    /// Starts the provider's login and gives the ReachFive token; `scope` nil means the client's.
    func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    func applicationDidBecomeActive(_ application: UIApplication)
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool
    func logout() async throws
}

/// The app-lifecycle hooks' defaults (11.0), so a provider implements only `name`, `login` and
/// `logout` (which has no default: a sync `logout()` must satisfy the requirement, not be shadowed).
extension Provider {
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool { false }

    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    public func applicationDidBecomeActive(_ application: UIApplication) {}

    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool { false }
}

/// The providers the SDK builds know their `ReachFive`, so their Futures are tracked there.
protocol ReachFiveBoundProvider {
    var boundReachFive: ReachFive? { get }
}

/// Lets a non-Sendable value cross into the task that completes a Future.
struct ProviderBox<T>: @unchecked Sendable { let value: T }

extension Provider {
    func providerFuture<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
        if let reachfive = (self as? ReachFiveBoundProvider)?.boundReachFive { return reachfive.future(work) }
        return Future(work)
    }
}
