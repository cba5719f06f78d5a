import Foundation // UIKit re-exports Foundation on iOS
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/application/applicationContinueUserActivity.swift at 11.0.0, as written, inside the harness enum:
// `import UIKit` is the headless stand-ins Reach5 provides (UIApplication, UIResponder,
// UIApplicationDelegate), and `@UIApplicationMain` is left out (it makes a type the process's
// entry point, which a test bundle cannot have).
enum E110_application_applicationContinueUserActivity {
    class AppDelegate: UIResponder, UIApplicationDelegate {

        func application(
            _ application: UIApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([UIUserActivityRestoring]?) -> Void
        ) -> Bool {
            return AppDelegate.reachfive().application(application, continue: userActivity, restorationHandler: restorationHandler)
        }
    }

    static func run() async -> Bool {
        AppDelegate().application(UIApplication.shared, continue: continuedActivity, restorationHandler: { _ in })
    }
}
