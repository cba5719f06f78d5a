@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/registerNewPasskey.swift at 11.0.0, as written.
enum E110_registerNewPasskey {
    static func run() async {
        do {
            try await AppDelegate.reachfive().registerNewPasskey(
                withRequest: NewPasskeyRequest(anchor: window, friendlyName: friendlyName), authToken: authToken)
            // get auth token on success
        } catch {
            // return ReachFive error on failure
        }
    }
}
