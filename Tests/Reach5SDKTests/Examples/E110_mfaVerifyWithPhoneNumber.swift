@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithPhoneNumber.swift at 11.0.0, as written.
enum E110_mfaVerifyWithPhoneNumber {
    static func run() async {
        do {
            let credential = try await AppDelegate.reachfive().mfaVerify(
                .PhoneNumber,
                code: verificationCode,
                authToken: profileAuthToken
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
