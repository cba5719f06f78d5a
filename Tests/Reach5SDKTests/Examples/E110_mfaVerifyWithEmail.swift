@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaVerifyWithEmail.swift at 11.0.0, as written.
enum E110_mfaVerifyWithEmail {
    static func run() async {
        do {
            let credential = try await AppDelegate.reachfive().mfaVerify(
                .Email,
                code: verificationCode,
                authToken: profileAuthToken
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
