@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/requestPasswordResetWithEmail.swift at 8.2.0, as written.
enum E82_requestPasswordResetWithEmail {
    static func run() {
        AppDelegate
            .reachfive()
            .requestPasswordReset(
                email: "john.doe@gmail.com",
                redirectUrl: "reachfive-clientId://password-reset"
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
