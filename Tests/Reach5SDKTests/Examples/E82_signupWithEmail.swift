@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithEmail.swift at 8.2.0, as written.
enum E82_signupWithEmail {
    static func run() {
        AppDelegate
            .reachfive()
            .signup(
                profile: ProfileSignupRequest(
                    givenName: "John",
                    familyName: "Doe",
                    gender: "male",
                    email: "john.doe@gmail.com",
                    customIdentifier: "coolCat55",
                    password: "hjk90wxc"
                ),
                redirectUrl: "https://www.example.com/redirect",
                scope: ["openid", "profile", "email"]
            )
            .onSuccess { authToken in
                // Get the profile's authentication token
            }
            .onFailure { error in
                // Return a ReachFive error
            }
    }
}
