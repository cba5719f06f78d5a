@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithRequest.swift at 11.0.0, as written.
enum E110_signupWithRequest {
    static func run() async {
        do {
            let authToken = try await AppDelegate.reachfive().signup(
                withRequest: PasskeySignupRequest(passkeyProfile: profile, friendlyName: username, anchor: window))
            // Get the profile's authentication token
        } catch {
            // Return a ReachFive error
        }
    }
}
