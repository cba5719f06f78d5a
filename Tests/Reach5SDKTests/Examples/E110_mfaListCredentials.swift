@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaListCredentials.swift at 11.0.0, as written.
enum E110_mfaListCredentials {
    static func run() async {
        do {
            let credentials = try await AppDelegate.reachfive().mfaListCredentials(authToken: profileAuthToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
