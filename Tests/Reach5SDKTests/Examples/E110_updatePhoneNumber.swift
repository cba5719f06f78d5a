@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePhoneNumber.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E110_updatePhoneNumber {
    static func run() async {
        do {
            let updatedProfile = try await AppDelegate.reachfive().updatePhoneNumber(
                authToken: profileAuthToken,
                phoneNumber: "+33792244940"
            )
            // Get the updated profile
        } catch {
            // Return a ReachFive error
        }
    }
}
