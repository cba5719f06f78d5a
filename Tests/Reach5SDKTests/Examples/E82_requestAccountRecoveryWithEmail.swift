@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestAccountRecoveryWithEmail.swift at 8.2.0, as written.
enum E82_requestAccountRecoveryWithEmail {
    static func run() {
        AppDelegate
            .reachfive()
            .requestAccountRecovery(
                email: "john.doe@gmail.com",
                redirectUrl: "reachfive-clientId://account-recovery",
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
