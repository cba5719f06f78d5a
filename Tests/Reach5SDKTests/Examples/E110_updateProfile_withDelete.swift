@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateProfile_withDelete.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E110_updateProfile_withDelete {
    static func run() async {
        do {
            let updatedProfile = try await AppDelegate.reachfive().updateProfile(
                authToken: profileAuthToken,
                profileUpdate: ProfileUpdate(phoneNumber: .Delete)
            )
            // Get the updated profile
        } catch {
            // Return a ReachFive error
        }
    }
}
