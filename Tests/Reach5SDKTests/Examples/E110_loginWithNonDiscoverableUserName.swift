@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithNonDiscoverableUserName.swift at 11.0.0, as written.
enum E110_loginWithNonDiscoverableUserName {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().login(
                withNonDiscoverableUsername: .Unspecified(username),
                forRequest: NativeLoginRequest(anchor: window),
                usingModalAuthorizationFor: [.Passkey],
                display: .Always
            )
            // get auth token on success
        } catch {
            // return ReachFive error on failure
        }
    }
}
