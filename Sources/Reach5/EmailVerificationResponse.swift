import Foundation

/// What `sendEmailVerification` found: nothing to do (already verified, or no email), or an
/// email was sent and the code it carries completes the flow.
public enum EmailVerificationResponse: Sendable {
    case Success
    case VerificationNeeded(ContinueEmailVerification)
}

/// The second half of email verification, bound to the token that started it.
public struct ContinueEmailVerification: Sendable {
    let reachFive: ReachFive
    let authToken: AuthToken

    public func verify(code: String, email: String, freshAuthToken: AuthToken? = nil) async throws {
        try await reachFive.verifyEmail(authToken: freshAuthToken ?? authToken, code: code, email: email)
    }

    public func verify(code: String, email: String, freshAuthToken: AuthToken? = nil) -> Future<Void, ReachFiveError> {
        reachFive.future { try await self.verify(code: code, email: email, freshAuthToken: freshAuthToken) }
    }
}
