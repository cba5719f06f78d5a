@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithAccessToken.swift at 8.2.0, as written (substitutions: the pasted token: the harness global of the same name).
enum E82_updatePasswordWithAccessToken {
    static func run() {
        // Here paste the authorization token of the profile retrieved after login
        let profileAuthToken: AuthToken = Reach5SDKTests.profileAuthToken

        AppDelegate
            .reachfive()
            .updatePassword(
                .AccessTokenParams(
                    authToken: profileAuthToken,
                    oldPassword: "gVc7piBn",
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
