import Foundation // UIKit re-exports Foundation on iOS
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/application/applicationOpenUrl.swift at 8.2.0, as written, inside the harness enum:
// `import UIKit` is the headless stand-ins Reach5 provides (UIApplication, UIResponder,
// UIApplicationDelegate), and `@UIApplicationMain` is left out (it makes a type the process's
// entry point, which a test bundle cannot have).
enum E82_application_applicationOpenUrl {
    class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
            return AppDelegate.reachfive().application(app, open: url, options: options)
        }
    }

    static func run() -> Bool {
        AppDelegate().application(UIApplication.shared, open: openedURL)
    }
}
