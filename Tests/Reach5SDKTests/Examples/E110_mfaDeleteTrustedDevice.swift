@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaDeleteTrustedDevice.swift at 11.0.0, as written.
enum E110_mfaDeleteTrustedDevice {
    static func run() async {
        do {
            try await AppDelegate.reachfive().mfaDelete(trustedDeviceId: deviceId, authToken: profileAuthToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
