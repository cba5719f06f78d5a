@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/addPasswordlessCallback.swift at 8.2.0, as written (substitutions: the UIApplicationDelegate class around it (UIKit) left out: its didFinishLaunching body, as written; break added to the empty case bodies; `let` added to the two patterns, as 11.0 corrected them: as written (`.success(authToken)`, `.failure(error)`) they are expression patterns, and the switch is not exhaustive in any Swift).
enum E82_addPasswordlessCallback {
    static func run() {
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
