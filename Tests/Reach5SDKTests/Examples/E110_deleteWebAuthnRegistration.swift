@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/deleteWebAuthnRegistration.swift at 11.0.0, as written.
enum E110_deleteWebAuthnRegistration {
    static func run() async {
        do {
            try await AppDelegate.reachfive().deleteWebAuthnRegistration(id: id, authToken: profileAuthToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
