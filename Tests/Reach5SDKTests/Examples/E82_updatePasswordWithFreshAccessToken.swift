@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithFreshAccessToken.swift at 8.2.0, as written (substitutions: the pasted token: the harness global of the same name).
enum E82_updatePasswordWithFreshAccessToken {
    static func run() {
        // Here paste the authorization token of the profile retrieved after login (less than 5 min)
        let freshProfileAuthToken: AuthToken = Reach5SDKTests.freshProfileAuthToken
        AppDelegate
            .reachfive()
            .updatePassword(
                .FreshAccessTokenParams(
                    authToken: freshProfileAuthToken,
                    password: "ZPf7LFtc"
                )
            )
            .onSuccess { _ in
                // Do something
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
