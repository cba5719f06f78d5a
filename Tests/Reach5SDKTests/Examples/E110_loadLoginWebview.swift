import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loadLoginWebview.swift at 11.0.0, as written (substitutions: the
// UIViewController around it (UIKit) left out: its viewWillAppear body, the @IBOutlet a headless
// LoginWKWebview; goToProfile, createAlert and present are the app's, defined by the test; the Task
// is awaited, so the test sees it end).
enum E110_loadLoginWebview {
    static func run() async {
        let loginWebview = LoginWKWebview()
        await Task {
            do {
                let authToken = try await loginWebview.loadLoginWebview(reachfive: AppDelegate.reachfive())
                goToProfile(authToken)
            } catch {
                let alert = AppDelegate.createAlert(title: "Login failed", message: "Error: \(error.localizedDescription)")
                present(alert, animated: true)
            }
        }.value
    }
}
