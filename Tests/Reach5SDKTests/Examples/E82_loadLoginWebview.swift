import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loadLoginWebview.swift at 8.2.0 (substitutions: the UIViewController
// around it (UIKit) left out: its viewWillAppear body, the @IBOutlet a headless LoginWKWebview;
// the page's `.onFailure( error in … )` does not parse as Swift, so it is written with braces;
// goToProfile, createAlert and present are the app's, defined by the test).
enum E82_loadLoginWebview {
    static func run() {
        let loginWebview = LoginWKWebview()
        let promise = Promise<AuthToken, ReachFiveError>()
        loginWebview.loadLoginWebview(reachfive: AppDelegate.reachfive(), promise: promise)
        promise.future
            .onSuccess(callback: goToProfile)
            .onFailure { error in
                let alert = AppDelegate.createAlert(title: "Login failed", message: "Error: \(error.message())")
                present(alert, animated: true)
            }
    }
}
