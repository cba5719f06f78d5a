@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaDeleteCredentialPhoneNumber.swift at 8.2.0, as written.
enum E82_mfaDeleteCredentialPhoneNumber {
    static func run() {
        AppDelegate.reachfive()
            .mfaDeleteCredential(
                phoneNumber: "+33682234940",
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
