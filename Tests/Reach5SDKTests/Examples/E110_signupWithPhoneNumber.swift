@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithPhoneNumber.swift at 11.0.0, as written (substitutions: break added to the empty case bodies).
enum E110_signupWithPhoneNumber {
    static func run() async {
        do {
            let signupFlow = try await AppDelegate.reachfive().signup(
                profile: ProfileSignupRequest(
                    password: "hjk90wxc",
                    phoneNumber: "+353875551234",
                    customIdentifier: "coolCat55",
                    givenName: "John",
                    familyName: "Doe",
                    gender: "male"
                ),
                scope: ["openid", "profile", "phone"]
            )

            switch signupFlow {
            case .AchievedLogin(let authToken):
                // Signup completed and user is logged in
                // Use authToken as needed
                break
            case .AwaitingIdentifierVerification:
                // Signup completed but phone verification is required
                break
            }
        } catch {
            // Handle ReachFive error
        }
    }
}
