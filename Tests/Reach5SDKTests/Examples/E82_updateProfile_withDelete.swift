@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateProfile_withDelete.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E82_updateProfile_withDelete {
    static func run() {
        AppDelegate
            .reachfive()
            .updateProfile(
                authToken: profileAuthToken,
                profileUpdate: ProfileUpdate(phoneNumber: .Delete)
            )
            .onSuccess { updatedProfile in
                // Get the updated profile
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
