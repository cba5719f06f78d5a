@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePhoneNumber.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E82_updatePhoneNumber {
    static func run() {
        AppDelegate
            .reachfive()
            .updatePhoneNumber(
                authToken: profileAuthToken,
                phoneNumber: "+33792244940"
            )
            .onSuccess { updatedProfile in
                // Get the updated profile
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
