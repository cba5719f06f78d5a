import Foundation

/// The two `ProviderCreator` factories' defaults, so a creator written against 11.0
/// (`create(reachFive:…)`) or against 8.2 (`create(sdkConfig:…reachFiveApi:…)`) conforms by
/// implementing its own form. A creator implementing neither gives a provider whose login fails.
extension ProviderCreator {
    /// 11.0's form for an 8.2 creator: the instance's configuration and raw API.
    public func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider {
        if CreatorRecursionGuard.inDefault { return UnimplementedProvider(name: providerConfig.provider) }
        return CreatorRecursionGuard.$inDefault.withValue(true) {
            create(
                sdkConfig: reachFive.sdkConfig, providerConfig: providerConfig, reachFiveApi: reachFive.reachFiveApi,
                clientConfigResponse: clientConfigResponse)
        }
    }

    /// 8.2's form for an 11.0 creator: a `ReachFive` on `sdkConfig`, kept alive by the provider
    /// (creators hold their `ReachFive` weakly).
    public func create(
        sdkConfig: SdkConfig, providerConfig: ProviderConfig, reachFiveApi: ReachFiveApi, clientConfigResponse: ClientConfigResponse
    ) -> Provider {
        if CreatorRecursionGuard.inDefault { return UnimplementedProvider(name: providerConfig.provider) }
        let owner = ReachFive(sdkConfig: sdkConfig)
        let inner = CreatorRecursionGuard.$inDefault.withValue(true) {
            create(reachFive: owner, providerConfig: providerConfig, clientConfigResponse: clientConfigResponse)
        }
        return OwnedProvider(inner: inner, owner: owner)
    }
}

/// Set while one default form calls the other: a creator implementing neither would otherwise
/// recurse for ever. A task-local (bound for the synchronous call, on whatever thread runs it).
private enum CreatorRecursionGuard {
    @TaskLocal static var inDefault = false
}

/// What a creator implementing neither factory gives: its login and logout fail.
private struct UnimplementedProvider: Provider {
    let name: String
    func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken {
        throw ReachFiveError.TechnicalError(reason: "The ProviderCreator of \(name) implements no create(…) form")
    }
    func logout() async throws {
        throw ReachFiveError.TechnicalError(reason: "The ProviderCreator of \(name) implements no create(…) form")
    }
}

/// A provider together with the `ReachFive` it was created for, which it keeps alive.
private struct OwnedProvider: Provider {
    let inner: Provider
    let owner: ReachFive
    var name: String { inner.name }
    func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken {
        try await inner.login(scope: scope, origin: origin, presenting: presenting)
    }
    func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        inner.application(app, open: url, options: options)
    }
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    { inner.application(application, didFinishLaunchingWithOptions: launchOptions) }
    func applicationDidBecomeActive(_ application: UIApplication) { inner.applicationDidBecomeActive(application) }
    func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool { inner.application(application, continue: userActivity, restorationHandler: restorationHandler) }
    func logout() async throws { try await inner.logout() }
}
