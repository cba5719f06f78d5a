@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaListTrustedDevices.swift at 11.0.0, as written.
enum E110_mfaListTrustedDevices {
    static func run() async {
        do {
            let trustedDevices = try await AppDelegate.reachfive().mfaListTrustedDevices(authToken: profileAuthToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
