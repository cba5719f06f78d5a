@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/listWebAuthnDevices.swift at 11.0.0, as written (substituted: `let profileAuthToken: AuthToken = // Here paste`).
enum E110_listWebAuthnDevices {
    static func run() async {
        // Here paste the authorization token of the profile retrieved after login
        let profileAuthToken: AuthToken = Reach5SDKTests.profileAuthToken

        do {
            let listDevices = try await AppDelegate.reachfive().listWebAuthnCredentials(authToken: profileAuthToken)
            // Get the list of devices
        } catch {
            // Return a ReachFive error
        }
    }
}
