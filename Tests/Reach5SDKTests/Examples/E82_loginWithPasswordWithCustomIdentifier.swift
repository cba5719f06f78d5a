@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithPasswordWithCustomIdentifier.swift at 8.2.0, as written.
enum E82_loginWithPasswordWithCustomIdentifier {
    static func run() {
        AppDelegate
            .reachfive()
            .loginWithPassword(
                customIdentifier: "coolCat55",
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
