import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithStepUpLoginFlow.swift at 11.0.0, as written, with the token, challenge and code of the
// earlier steps (harness globals) in place of the page's placeholders ("stepUpToken123", "m3DaoT...7Rzp1m", "123456").
enum E110_mfaStartWithStepUpLoginFlow {
    static func run() async {
        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        do {
            let response = try await AppDelegate.reachfive().mfaStart(
                stepUp: .LoginFlow(
                    authType: .email,
                    stepUpToken: stepUpToken,
                    redirectUri: URL(string: "https://example.com/callback")!,
                    origin: "ios-app"
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
