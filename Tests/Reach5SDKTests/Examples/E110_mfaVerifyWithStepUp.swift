import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithStepUp.swift at 11.0.0, as written.
enum E110_mfaVerifyWithStepUp {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().mfaVerify(
                stepUp: VerifyStepUp(
                    challengeId: "m3DaoT...7Rzp1m",
                    verificationCode: "123456",
                    trustDevice: true
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
