import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/customProviderProtocols.swift at 11.0.0, as written: the SDK's two
// protocols, declared here beside Reach5's (nested, so they do not shadow them).
enum E110_customProviderProtocols {
    public protocol ProviderCreator {
        var name: String { get }
        var variant: String? { get }

        func create(reachFive: ReachFive, providerConfig: ProviderConfig, clientConfigResponse: ClientConfigResponse) -> Provider
    }

    public protocol Provider {
        var name: String { get }
        func login(scope: [String]?, origin: String, presenting: Presentation) async throws -> AuthToken
        func logout() async throws

        // Default (no-op) implementations provided — override only what your provider needs:
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
            -> Bool
        func applicationDidBecomeActive(_ application: UIApplication)
        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
        ) -> Bool
    }

    static func run() async {}
}
