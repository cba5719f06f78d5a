@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/addPasswordlessCallback.swift at 11.0.0, as written (substitutions: the UIApplicationDelegate class around it (UIKit) left out: its didFinishLaunching body, as written; break added to the empty case bodies).
enum E110_addPasswordlessCallback {
    static func run() async {
        AppDelegate.reachfive().addPasswordlessCallback { result in
            switch result {
            case .success(let authToken):
                // Handle authToken
                break
            case .failure(let error):
                // Handle error
                break
            }
        }
    }
}
