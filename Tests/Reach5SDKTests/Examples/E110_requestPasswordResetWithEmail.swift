import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestPasswordResetWithEmail.swift at 11.0.0, as written.
enum E110_requestPasswordResetWithEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().requestPasswordReset(
                email: "john.doe@gmail.com",
                redirectUrl: URL(string: "reachfive-clientId://password-reset")!
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
