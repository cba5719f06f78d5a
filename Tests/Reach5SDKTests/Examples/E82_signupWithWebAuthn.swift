@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithWebAuthn.swift at 8.2.0, as written (substituted: `viewController: self`).
enum E82_signupWithWebAuthn {
    static func run() {
        AppDelegate
            .reachfive()
            .signupWithWebAuthn(
                profile: ProfileWebAuthnSignupRequest(
                    email: "john.doe@gmail.com",
                    givenName: "John",
                    familyName: "Doe"
                ),
                origin: "https://dev-sandbox-268508.web.app",
                friendlyName: "iPhone 11",
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
