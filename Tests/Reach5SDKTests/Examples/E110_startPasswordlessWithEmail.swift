import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/startPasswordlessWithEmail.swift at 11.0.0, as written (substitutions: ${clientId}: the server client id (harness global clientId)).
enum E110_startPasswordlessWithEmail {
    static func run() async {
        do {
            try await AppDelegate.reachfive().startPasswordless(
                .Email(
                    email: "john.doe@gmail.com",
                    redirectUri: URL(string: "reachfive-\(clientId)://callback")!
                ))
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
