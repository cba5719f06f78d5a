@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/updatePasswordWithAccessToken.swift at 11.0.0, as written (substitutions: the pasted token: the harness global of the same name).
enum E110_updatePasswordWithAccessToken {
    static func run() async {
        // Here paste the authorization token of the profile retrieved after login
        let profileAuthToken: AuthToken = Reach5SDKTests.profileAuthToken

        do {
            try await AppDelegate.reachfive().updatePassword(
                .AccessTokenParams(
                    authToken: profileAuthToken,
                    password: "ZPf7LFtc",
                    oldPassword: "gVc7piBn"
                )
            )
            // Do something
        } catch {
            // Return a ReachFive error
        }
    }
}
