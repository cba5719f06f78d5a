@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaListCredentials.swift at 8.2.0, as written.
enum E82_mfaListCredentials {
    static func run() {
        AppDelegate.reachfive()
            .mfaListCredentials(authToken: profileAuthToken)
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
