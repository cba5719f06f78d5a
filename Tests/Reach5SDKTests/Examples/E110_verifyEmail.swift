@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/verifyEmail.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
// The code "123456" is the one the server sent (the harness global `verificationCode`).
enum E110_verifyEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().verifyEmail(
                authToken: profileAuthToken,
                code: verificationCode,
                email: "johnatthan.doe@gmail.com"
            )
            // Successfully verified email
        } catch {
            // Return a ReachFive error
        }
    }
}
