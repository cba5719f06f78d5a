@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/deleteWebAuthnRegistration.swift at 8.2.0, as written.
enum E82_deleteWebAuthnRegistration {
    static func run() {
        AppDelegate
            .reachfive()
            .deleteWebAuthnRegistration(id: id, authToken: profileAuthToken)
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
