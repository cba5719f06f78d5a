@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithRequest.swift at 8.2.0, as written.
enum E82_signupWithRequest {
    static func run() {
        AppDelegate
            .reachfive()
            .signup(withRequest: PasskeySignupRequest(passkeyPofile: profile, friendlyName: username, anchor: window))

            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
