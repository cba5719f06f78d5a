import Foundation

/// The SDK's app-lifecycle entry points (ReachFiveApplication.swift), with its signatures over
/// the headless UIKit stand-ins (UIKitStandIns.swift). An app delegate forwards to them as on iOS;
/// a test calls the delegate with the link it read from the emulator's outbox.
extension ReachFive {
    /// Routes a link the app was opened with to the SDK (passwordless, account recovery, email
    /// verification, MFA). True only if the link matched one of the `SdkConfig` URIs, so an app that
    /// forwards all its links can route the others itself (11.0's contract).
    public func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any]) -> Bool {
        routeUrl(url)
    }

    /// Starts `initialize()` (its Future is tracked: `settled()` waits for it) and returns true.
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        _ = future { () async throws -> Bool in
            _ = try await self.initialize() as [Provider]
            return true
        }
        return true
    }

    /// Nothing to resume headless: the providers here keep no UI session.
    public func applicationDidBecomeActive(_ application: UIApplication) {}

    /// A user activity (a universal link) is offered to the providers in the SDK; none here takes
    /// one, so it is never consumed: false, and the app routes the link itself (`interceptUrl`).
    public func application(
        _ application: UIApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
    ) -> Bool {
        false
    }
}
