import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithStepUp.swift at 8.2.0, as written.
enum E82_mfaVerifyWithStepUp {
    static func run() {
        AppDelegate.reachfive()
            .mfaStart(
                stepUp(
                    challengeId: "m3DaoT...7Rzp1m",
                    verificationCode: "123456",
                    trustDevice: true)
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
