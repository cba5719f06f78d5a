@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithPasswordWithEmail.swift at 8.2.0, as written.
enum E82_loginWithPasswordWithEmail {
    static func run() {
        AppDelegate
            .reachfive()
            .loginWithPassword(
                email: "john.doe@gmail.com",
                password: "UCrcF4RH",
                scope: ["openid", "profile", "email"]
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
