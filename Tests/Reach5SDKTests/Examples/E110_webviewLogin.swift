@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/webviewLogin.swift at 11.0.0, as written (the view controller: the
// headless window).
enum E110_webviewLogin {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().webviewLogin(
                WebviewLoginRequest(
                    state: "zf3ifjfmdkj",
                    nonce: "n-0S6_PzA3Ze",
                    scope: ["openid", "profile", "email"],
                    presenting: Presentation(from: window)
                ))
            // Get the profile's authentication token
        } catch {
            // Return a ReachFive error
        }
    }
}
