@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/registerNewPasskey.swift at 8.2.0, as written.
enum E82_registerNewPasskey {
    static func run() {
        AppDelegate
            .reachfive()
            .registerNewPasskey(withRequest: NewPasskeyRequest(anchor: window, friendlyName: friendlyName), authToken: authToken)

            // get auth token on success
            .onSuccess { authToken in
            }
            // return ReachFive error on failure
            .onFailure { error in
            }
    }
}
