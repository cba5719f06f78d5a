import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithEmail.swift at 11.0.0, as written.
enum E110_mfaStartWithEmail {
    static func run() async {
        do {
            let response = try await AppDelegate.reachfive().mfaStart(
                registering: .Email(redirectUrl: URL(string: "reachfive-${clientId}://callback")!),
                authToken: profileAuthToken
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
