@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithPhoneNumber.swift at 8.2.0, as written.
enum E82_mfaVerifyWithPhoneNumber {
    static func run() {
        AppDelegate.reachfive()
            .mfaVerify(
                .PhoneNumber,
                authToken: profileAuthToken,
                code: verificationCode
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
