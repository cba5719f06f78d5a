@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/listWebAuthnCredentials.swift at 11.0.0, as written.
enum E110_listWebAuthnCredentials {
    static func run() async {
        do {
            let listCredentials = try await AppDelegate.reachfive().listWebAuthnCredentials(authToken: profileAuthToken)
            // Get the list of devices
        } catch {
            // Return a ReachFive error
        }
    }
}
