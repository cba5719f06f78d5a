@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/mfaStartWithStepUp.swift at 11.0.0, as written.
enum E110_mfaStartWithStepUp {
    static func run() async {
        let scope = ["openid", "email", "profile", "phone", "full_write", "offline_access"]

        do {
            let response = try await AppDelegate.reachfive().mfaStart(
                stepUp: .AuthTokenFlow(
                    authType: .email,
                    authToken: profileAuthToken,
                    scope: scope
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
