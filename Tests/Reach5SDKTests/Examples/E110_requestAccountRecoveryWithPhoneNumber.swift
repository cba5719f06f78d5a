import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestAccountRecoveryWithPhoneNumber.swift at 11.0.0, as written.
enum E110_requestAccountRecoveryWithPhoneNumber {
    static func run() async {
        do {
            try await AppDelegate.reachfive().requestAccountRecovery(
                phoneNumber: "+33682234940",
                redirectUrl: URL(string: "https://example-password-reset.com")!
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
