@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaDeleteTrustedDevice.swift at 8.2.0, as written.
// Not valid Swift as published (`trustedDeviceId deviceId: String` is a declaration, not an
// argument): written with the argument `trustedDeviceId: deviceId` (the harness global), as at 11.0.0.
enum E82_mfaDeleteTrustedDevice {
    static func run() {
        AppDelegate.reachfive()
            .mfaDelete(trustedDeviceId: deviceId, authToken: profileAuthToken)
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
