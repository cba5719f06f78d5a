import Foundation

/// Where a login stands once the server has checked the credentials (the SDK's `LoginFlow`, from
/// `loginWithPassword` and the modal login): logged in, or a second factor to prove first.
public enum LoginFlow: Sendable {
    case AchievedLogin(authToken: AuthToken)
    /// The server asked for a second factor: `token` is the step-up token and
    /// `availableMfaCredentialItemTypes` the factors the account can use.
    case OngoingStepUp(token: String, availableMfaCredentialItemTypes: [MfaCredentialItemType])
}

extension LoginFlow {
    /// The tokens of an achieved login; a step-up is refused as a `TechnicalError` (for forms
    /// whose result is an `AuthToken`, such as 8.2's signup and the CLI).
    func achievedToken() throws(ReachFiveError) -> AuthToken {
        switch self {
        case .AchievedLogin(let authToken): return authToken
        case .OngoingStepUp:
            throw .TechnicalError(reason: "OngoingStepUp: the login needs a second factor (MFA step-up)")
        }
    }
}
