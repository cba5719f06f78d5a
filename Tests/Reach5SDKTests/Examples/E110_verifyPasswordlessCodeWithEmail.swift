@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyPasswordlessCodeWithEmail.swift at 11.0.0, as written.
enum E110_verifyPasswordlessCodeWithEmail {
    static func run() async {
        let verifyAuthCodeRequest = VerifyAuthCodeRequest(
            email: emailInput,
            verificationCode: verificationCodeInput
        )

        do {
            let authToken = try await AppDelegate.reachfive().verifyPasswordlessCode(verifyAuthCodeRequest: verifyAuthCodeRequest)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
