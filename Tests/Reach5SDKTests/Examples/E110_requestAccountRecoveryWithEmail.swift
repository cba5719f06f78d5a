import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestAccountRecoveryWithEmail.swift at 11.0.0, as written.
enum E110_requestAccountRecoveryWithEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().requestAccountRecovery(
                email: "john.doe@gmail.com",
                redirectUrl: URL(string: "reachfive-clientId://account-recovery")!
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
