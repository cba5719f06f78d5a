@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/listWebAuthnDevices.swift at 8.2.0, as written (substituted: `let profileAuthToken: AuthToken = // Here paste`).
enum E82_listWebAuthnDevices {
    static func run() {
        // Here paste the authorization token of the profile retrieved after login
        let profileAuthToken: AuthToken = Reach5SDKTests.profileAuthToken

        AppDelegate
            .reachfive()
            .listWebAuthnDevices(authToken: profileAuthToken)
            .onSuccess { listDevices in
                // Get the list of devices
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
