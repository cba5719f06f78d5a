@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaDeleteCredentialEmail.swift at 11.0.0, as written.
enum E110_mfaDeleteCredentialEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().mfaDeleteCredential(authToken: profileAuthToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
