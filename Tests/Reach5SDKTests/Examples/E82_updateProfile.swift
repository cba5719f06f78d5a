@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateProfile.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E82_updateProfile {
    static func run() {
        AppDelegate
            .reachfive()
            .updateProfile(
                authToken: profileAuthToken,
                profile: Profile(givenName: "Jonathan", phoneNumber: "+33750253354")
            )
            .onSuccess { updatedProfile in
                // Get the updated profile
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
