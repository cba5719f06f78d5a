@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateEmail.swift at 8.2.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E82_updateEmail {
    static func run() {
        AppDelegate
            .reachfive()
            .updateEmail(
                authToken: profileAuthToken,
                email: "johnatthan.doe@gmail.com",
                redirectUrl: "https://example-email-update.com"
            )
            .onSuccess { updatedProfile in
                // Get the updated profile
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
