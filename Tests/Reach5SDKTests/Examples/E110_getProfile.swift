@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/getProfile.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E110_getProfile {
    static func run() async {
        do {
            let profile = try await AppDelegate.reachfive().getProfile(authToken: profileAuthToken)
            // Get the profile
        } catch {
            // Return a ReachFive error
        }
    }
}
