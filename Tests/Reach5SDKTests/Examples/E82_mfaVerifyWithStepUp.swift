@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithStepUp.swift at 8.2.0, as written, with the token, challenge and code of the
// earlier steps (harness globals) in place of the page's placeholders ("stepUpToken123", "m3DaoT...7Rzp1m", "123456").
enum E82_mfaVerifyWithStepUp {
    static func run() {
        AppDelegate.reachfive()
            .mfaStart(
                stepUp(
                    challengeId: challengeId,
                    verificationCode: verificationCode,
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
