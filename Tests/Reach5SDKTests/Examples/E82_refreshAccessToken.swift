@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/refreshAccessToken.swift at 8.2.0, as written.
// The placeholder `val authToken: AuthToken = // The authentication token …` (Kotlin's `val` as
// published) is the harness global `authToken`; the call's unlabelled argument is kept as written.
enum E82_refreshAccessToken {
    static func run() {
        AppDelegate.reachfive()
            .refreshAccessToken(authToken)
            .onSuccess { refreshedAuthToken in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
