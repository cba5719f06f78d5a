@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/refreshAccessToken.swift at 11.0.0, as written.
// The placeholder `let authToken: AuthToken = // The authentication token …` is the harness global.
enum E110_refreshAccessToken {
    static func run() async {
        do {
            let refreshedAuthToken = try await AppDelegate.reachfive().refreshAccessToken(authToken: authToken)
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
