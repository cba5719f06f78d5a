@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithEmail.swift at 8.2.0, as written.
enum E82_mfaStartWithEmail {
    static func run() {
        AppDelegate.reachfive()
            .mfaStart(
                .Email(
                    redirectUri: "reachfive-${clientId}://callback"),
                authToken: profileAuthToken
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
