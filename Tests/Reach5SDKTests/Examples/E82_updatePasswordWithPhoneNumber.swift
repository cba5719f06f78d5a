@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithPhoneNumber.swift at 8.2.0, as written (substitutions: the code "234": the harness global verificationCode (from the outbox)).
enum E82_updatePasswordWithPhoneNumber {
    static func run() {
        AppDelegate
            .reachfive()
            .updatePassword(
                .SmsParams(
                    phoneNumber: "+33682234940",
                    verificationCode: verificationCode,
                    password: "ZPf7LFtc"
                )
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
