@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithStepUpLoginFlow.swift at 8.2.0, as written, with the token, challenge and code of the
// earlier steps (harness globals) in place of the page's placeholders ("stepUpToken123", "m3DaoT...7Rzp1m", "123456").
enum E82_mfaStartWithStepUpLoginFlow {
    static func run() {
        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        AppDelegate.reachfive()
            .mfaStart(
                stepUp: StartStepUp.LoginFlow(
                    authType: "email",
                    stepUpToken: stepUpToken,
                    origin: "ios-app",
                    redirectUri: "https://example.com/callback", )
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
