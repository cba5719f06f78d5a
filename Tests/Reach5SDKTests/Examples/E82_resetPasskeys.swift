@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/resetPasskeys.swift at 8.2.0, as written.
enum E82_resetPasskeys {
    static func run() {
        AppDelegate
            .reachfive()
            .resetPasskeys(
                withRequest: ResetPasskeyRequest(anchor: window, email: email, friendlyName: friendlyName),
                verificationCode: verificationCode
            )

            // on success
            .onSuccess {
                // handle success
            }
            // return ReachFive error on failure
            .onFailure { error in
            }
    }
}
