import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updateEmail.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
enum E110_updateEmail {
    static func run() async {
        do {
            let updatedProfile = try await AppDelegate.reachfive().updateEmail(
                authToken: profileAuthToken,
                email: "johnatthan.doe@gmail.com",
                redirectUrl: URL(string: "https://example-email-update.com")!
            )
            // Get the updated profile
        } catch {
            // Return a ReachFive error
        }
    }
}
