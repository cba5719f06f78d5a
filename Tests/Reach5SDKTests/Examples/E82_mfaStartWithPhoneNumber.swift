@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithPhoneNumber.swift at 8.2.0, as written.
enum E82_mfaStartWithPhoneNumber {
    static func run() {
        AppDelegate.reachfive()
            .mfaStart(
                .PhoneNumber(
                    phoneNumber: "+3531235555"),
                authToken: profileAuthToken
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
