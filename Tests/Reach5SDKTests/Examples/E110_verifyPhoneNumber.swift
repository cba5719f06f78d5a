@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyPhoneNumber.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
// The code "501028" is the one the server sent (the harness global `verificationCode`).
enum E110_verifyPhoneNumber {
    static func run() async {
        do {
            try await AppDelegate.reachfive().verifyPhoneNumber(
                authToken: profileAuthToken,
                phoneNumber: "+33750253354",
                verificationCode: verificationCode
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
