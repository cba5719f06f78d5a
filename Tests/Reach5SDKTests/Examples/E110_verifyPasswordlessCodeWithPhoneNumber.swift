@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyPasswordlessCodeWithPhoneNumber.swift at 11.0.0, as written.
enum E110_verifyPasswordlessCodeWithPhoneNumber {
    static func run() async {
        let verifyAuthCodeRequest = VerifyAuthCodeRequest(
            phoneNumber: phoneNumberInput,
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
