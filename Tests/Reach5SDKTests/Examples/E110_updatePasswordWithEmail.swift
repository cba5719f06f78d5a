@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithEmail.swift at 11.0.0, as written (substitutions: the code "234": the harness global verificationCode (from the outbox)).
enum E110_updatePasswordWithEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().updatePassword(
                .EmailParams(
                    email: "john.doe@example.com",
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
