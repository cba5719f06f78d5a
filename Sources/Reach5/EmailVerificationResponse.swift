import Foundation

/// The second half of email verification, bound to the token that started it (the SDK's
/// `ContinueEmailVerification`, made only by `sendEmailVerification`).
public class ContinueEmailVerification: @unchecked Sendable {
    let reachfive: ReachFive
    /// The instance whose Futures this verification's Future forms join (the bridge's too).
    @_spi(Reach5Future) public var owner: ReachFive { reachfive }
    private let authToken: AuthToken

    init(reachFive: ReachFive, authToken: AuthToken) {
        self.authToken = authToken
        reachfive = reachFive
    }

    /// 11.0: verifies the address with the emailed code (with `freshAuthToken` when given).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func verify(code: String, email: String, freshAuthToken: AuthToken? = nil) async throws {
        try await reachfive.verifyEmail(authToken: freshAuthToken ?? authToken, code: code, email: email)
    }

}

/// What `sendEmailVerification` found: nothing to do (already verified), or an email was sent
/// and the code it carries completes the flow.
public enum EmailVerificationResponse: Sendable {
    case Success
    case VerificationNeeded(_ continueEmailVerification: ContinueEmailVerification)
}
