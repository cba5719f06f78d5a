@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/webviewLogin.swift at 8.2.0, as written (the presentation context
// provider: the headless window).
enum E82_webviewLogin {
    static func run() {
        AppDelegate
            .reachfive()
            .webviewLogin(
                WebviewLoginRequest(
                    state: "zf3ifjfmdkj",
                    nonce: "n-0S6_PzA3Ze",
                    scope: ["openid", "profile", "email"],
                    presentationContextProvider: window
                )
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
