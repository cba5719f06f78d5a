@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyPhoneNumber.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
// The code "501028" is the one the server sent (the harness global `verificationCode`).
enum E82_verifyPhoneNumber {
    static func run() {
        AppDelegate
            .reachfive()
            .verifyPhoneNumber(
                authToken: profileAuthToken,
                phoneNumber: "+33750253354",
                verificationCode: verificationCode
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
