@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithStepUp.swift at 11.0.0, as written, with the token, challenge and code of the
// earlier steps (harness globals) in place of the page's placeholders ("stepUpToken123", "m3DaoT...7Rzp1m", "123456").
enum E110_mfaVerifyWithStepUp {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().mfaVerify(
                stepUp: VerifyStepUp(
                    challengeId: challengeId,
                    verificationCode: verificationCode,
                    trustDevice: true
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
