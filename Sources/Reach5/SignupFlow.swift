import Foundation

/// Where a password signup stands (11.0's `SignupFlow`): logged in at once, or the account
/// exists but must verify its email or phone number before it may log in.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public enum SignupFlow: Sendable {
    case AchievedLogin(authToken: AuthToken)
    case AwaitingIdentifierVerification
}

extension SignupFlow {
    /// 8.2's signup gives an `AuthToken`: an account awaiting verification has none, which that
    /// form reports as an `AuthFailure` naming the state.
    func achievedToken() throws(ReachFiveError) -> AuthToken {
        switch self {
        case .AchievedLogin(let authToken): return authToken
        case .AwaitingIdentifierVerification:
            throw .AuthFailure(
                reason: "AwaitingIdentifierVerification: the account must verify its email or phone number before it logs in")
        }
    }
}
