@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/listWebAuthnCredentials.swift at 8.2.0, as written.
enum E82_listWebAuthnCredentials {
    static func run() {
        AppDelegate
            .reachfive()
            .listWebAuthnCredentials(authToken: profileAuthToken)
            .onSuccess { listCredentials in
                // Get the list of devices
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
