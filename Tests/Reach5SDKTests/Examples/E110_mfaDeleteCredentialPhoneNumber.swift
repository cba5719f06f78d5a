@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaDeleteCredentialPhoneNumber.swift at 11.0.0, as written.
enum E110_mfaDeleteCredentialPhoneNumber {
    static func run() async {
        do {
            try await AppDelegate.reachfive().mfaDeleteCredential(
                "+33682234940",
                authToken: profileAuthToken
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
