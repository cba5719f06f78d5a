@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithStepUp.swift at 8.2.0, as written.
enum E82_mfaStartWithStepUp {
    static func run() {
        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        AppDelegate.reachfive()
            .mfaStart(
                stepUp: StartStepUp.AuthTokenFlow(
                    authType: "email",
                    scope: scope,
                    authToken: profileAuthToken)
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
