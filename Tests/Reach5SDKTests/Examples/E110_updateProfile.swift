@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateProfile.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E110_updateProfile {
    static func run() async {
        do {
            let updatedProfile = try await AppDelegate.reachfive().updateProfile(
                authToken: profileAuthToken,
                profile: Profile(givenName: "Jonathan", phoneNumber: "+33750253354")
            )
            // Get the updated profile
        } catch {
            // Return a ReachFive error
        }
    }
}
