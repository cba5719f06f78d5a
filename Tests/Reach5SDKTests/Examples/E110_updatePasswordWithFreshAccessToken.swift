@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithFreshAccessToken.swift at 11.0.0, as written (substitutions: the pasted token: the harness global of the same name).
enum E110_updatePasswordWithFreshAccessToken {
    static func run() async {
        // Here paste the authorization token of the profile retrieved after login (less than 5 min)
        let freshProfileAuthToken: AuthToken = Reach5SDKTests.freshProfileAuthToken

        do {
            try await AppDelegate.reachfive().updatePassword(
                .FreshAccessTokenParams(
                    authToken: freshProfileAuthToken,
                    password: "ZPf7LFtc"
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
