@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyPasswordlessCodeWithEmail.swift at 8.2.0, as written.
enum E82_verifyPasswordlessCodeWithEmail {
    static func run() {
        let verifyAuthCodeRequest = VerifyAuthCodeRequest(
            email: emailInput,
            verificationCode: verificationCodeInput
        )
        AppDelegate.reachfive()
            .verifyPasswordlessCode(verifyAuthCodeRequest: verifyAuthCodeRequest)
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
