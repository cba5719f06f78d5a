import Foundation
@_spi(ReachFive82) @_spi(ReachFiveSeedPages) import Reach5

// docs/modules/ROOT/examples/sendEmailVerification.swift at 11.0.0, as written.
// The placeholder `let profileAuthToken: AuthToken = // Here paste …` is the harness global.
// The empty `case .Success:` body gets `break`.
enum E110_sendEmailVerification {
    static func run() async {
        do {
            let emailVerificationResponse = try await AppDelegate.reachfive().sendEmailVerification(
                authToken: profileAuthToken,
                redirectUrl: URL(string: "https://example-email-verification.com")! // optional
            )
            switch emailVerificationResponse {
            case .Success:
                // Email verification process completed successfully
                break
            case .VerificationNeeded(let continueEmailVerification):
                // Verification email sent, use continueEmailVerification.verify(code: String, email: String, freshAuthToken: AuthToken? = nil) or AppDelegate.reachfive().verifyEmail to complete the flow
                break
            }
        } catch {
            // Return a ReachFive error
        }
    }
}
