@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithWebAuthn.swift at 8.2.0, as written (substituted: `viewController: self`).
enum E82_loginWithWebAuthn {
    static func run() {
        AppDelegate
            .reachfive()
            .loginWithWebAuthn(
                email: "john.doe@gmail.com",
                origin: "https://dev-sandbox-268508.web.app",
                scopes: ["openid", "email", "profile", "phone", "full_write", "offline_access"],
                viewController: window
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
