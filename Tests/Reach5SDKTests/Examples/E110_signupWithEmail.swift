import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/signupWithEmail.swift at 11.0.0, as written (substitutions: break added to the empty case bodies).
enum E110_signupWithEmail {
    static func run() async {
        do {
            let signupFlow = try await AppDelegate.reachfive().signup(
                profile: ProfileSignupRequest(
                    password: "hjk90wxc",
                    email: "john.doe@gmail.com",
                    customIdentifier: "coolCat55",
                    givenName: "John",
                    familyName: "Doe",
                    gender: "male"
                ),
                redirectUrl: URL(string: "https://www.example.com/redirect")!,
                scope: ["openid", "profile", "email"]
            )

            switch signupFlow {
            case .AchievedLogin(let authToken):
                // Signup completed and user is logged in
                // Use authToken as needed
                break
            case .AwaitingIdentifierVerification:
                // Signup completed but email/phone verification is required
                break
            }
        } catch {
            // Handle ReachFive error
        }
    }
}
