@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/addAccountRecoveryCallback.swift at 8.2.0, as written (substitutions: the UIViewController subclass around it (UIKit) left out: its viewDidLoad body, as written; break added to the empty case bodies).
enum E82_addAccountRecoveryCallback {
    static func run() {
        AppDelegate.reachfive().addAccountRecoveryCallback { result in
            switch result {
            case .success(let response):
                let email = response.email
                let verificationCode = response.verificationCode
            // show UI for setting up a new passkey or choosing a new password

            case .failure(let error):
                // handle failure
                break
            }
        }
    }
}
