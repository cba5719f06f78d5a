@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestAccountRecoveryWithPhoneNumber.swift at 8.2.0, as written.
enum E82_requestAccountRecoveryWithPhoneNumber {
    static func run() {
        AppDelegate
            .reachfive()
            .requestAccountRecovery(
                phoneNumber: "+33682234940",
                redirectUrl: "https://example-password-reset.com"
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
