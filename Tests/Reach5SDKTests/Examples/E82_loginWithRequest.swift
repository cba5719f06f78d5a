@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithRequest.swift at 8.2.0, as written.
enum E82_loginWithRequest {
    static func run() {
        AppDelegate
            .reachfive()
            .login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
                display: .IfImmediatelyAvailableCredentials
            )

            // get auth token on success
            .onSuccess { authToken in
            }
            .onFailure { error in
                switch error {
                // No credentials are available. If called at app launch, do nothing. If called in `viewDidAppear`, presents other options for the user to login.
                case .AuthCanceled: return
                default: return // Real failure.
                }
            }
    }
}
