@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithNonDiscoverableUserName.swift at 8.2.0, as written.
enum E82_loginWithNonDiscoverableUserName {
    static func run() {
        AppDelegate
            .reachfive()
            .login(
                withNonDiscoverableUsername: .Unspecified(username), forRequest: NativeLoginRequest(anchor: window),
                usingModalAuthorizationFor: [.Passkey], display: .Always
            )

            // get auth token on success
            .onSuccess { authToken in
            }
            // return ReachFive error on failure
            .onFailure { error in
            }
    }
}
