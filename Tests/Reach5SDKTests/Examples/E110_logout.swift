@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/logout.swift at 11.0.0, as written.
// The placeholder `let authToken = // Obtain AuthToken …` is the harness global `authToken`;
// `Presentation(from: self)` presents from the headless `window`.
enum E110_logout {
    static func run() async {
        // Basic logout (no parameters)
        do {
            try await AppDelegate.reachfive().logout()
            // User is logged out from provider sessions and main SSO session
            // Tokens are not revoked, and browser cookies are not cleared
        } catch {
            // Handle ReachFiveError
        }

        // Native logout with token revocation
        do {
            try await AppDelegate.reachfive().logout(revoke: authToken)
            // User is logged out, tokens are revoked
        } catch {
            // Handle ReachFiveError
        }

        // Web-based logout with redirect
        do {
            let request = try WebSessionLogoutRequest(presenting: Presentation(from: window), origin: "app_logout")
            try await AppDelegate.reachfive().logout(webSessionLogout: request)
            // Browser cookies are cleared, user is redirected
        } catch {
            // Handle ReachFiveError
        }
    }
}
