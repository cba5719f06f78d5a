@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithPhoneNumber.swift at 11.0.0, as written (substitutions: the code "234": the harness global verificationCode (from the outbox)).
enum E110_updatePasswordWithPhoneNumber {
    static func run() async {
        do {
            try await AppDelegate.reachfive().updatePassword(
                .SmsParams(
                    phoneNumber: "+33682234940",
                    verificationCode: verificationCode,
                    password: "ZPf7LFtc"
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
