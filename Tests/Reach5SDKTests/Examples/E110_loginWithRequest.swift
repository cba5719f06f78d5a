@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/loginWithRequest.swift at 11.0.0, as written.
enum E110_loginWithRequest {
    static func run() async {
        do {
            let loginFlow = try await AppDelegate.reachfive().login(
                withRequest: NativeLoginRequest(anchor: window), usingModalAuthorizationFor: [.Passkey, .Password, .SignInWithApple],
                display: .IfImmediatelyAvailableCredentials)
            // handle successful auth or MFA challenge
        } catch ReachFiveError.AuthCanceled {
            // No credentials are available. If called at app launch, do nothing. If called in `viewDidAppear`, presents other options for the user to login.
            return
        } catch {
            // Real failure.
        }
    }
}
