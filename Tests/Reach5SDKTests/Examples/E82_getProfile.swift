@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProfile.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E82_getProfile {
    static func run() {
        AppDelegate
            .reachfive()
            .getProfile(authToken: profileAuthToken)
            .onSuccess { profile in
                // Get the profile
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
