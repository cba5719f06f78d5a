import Foundation // UIKit re-exports Foundation on iOS
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/application/applicationDidFinishLaunchingWithOptions.swift at 11.0.0, as written, inside the harness enum:
// `import UIKit` is the headless stand-ins Reach5 provides (UIApplication, UIResponder,
// UIApplicationDelegate), and `@UIApplicationMain` is left out (it makes a type the process's
// entry point, which a test bundle cannot have).
enum E110_application_applicationDidFinishLaunchingWithOptions {
    class AppDelegate: UIResponder, UIApplicationDelegate {
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
            -> Bool
        {
            return AppDelegate.reachfive().application(application, didFinishLaunchingWithOptions: launchOptions)
        }
    }

    static func run() async -> Bool {
        AppDelegate().application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
    }
}
