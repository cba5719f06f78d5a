@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithEmail.swift at 8.2.0, as written.
enum E82_mfaVerifyWithEmail {
    static func run() {
        AppDelegate.reachfive()
            .mfaVerify(
                .Email,
                authToken: profileAuthToken,
                code: verificationCode
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
