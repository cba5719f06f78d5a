/// The `error_message_key` of every error the server returns. Each has an English text and a
/// translation into every locale of `LocalizedMessages.locales` (the seed pages' list).
enum MessageKey: String, CaseIterable, Sendable {
    case invalidEmailOrPassword = "error.invalidEmailOrPassword"
    case emailAlreadyExists = "error.email.alreadyInUse"
    case phoneNumberAlreadyExists = "error.phoneNumber.alreadyInUse"
    case customIdentifierAlreadyExists = "error.customIdentifier.alreadyInUse"
    case passwordTooWeak = "error.password.tooWeak"
    case invalidPassword = "error.password.invalid"
    case invalidRequest = "error.invalidRequest"
    case invalidEmail = "validation.email"
    case invalidPhoneNumber = "validation.phoneNumber"
    case invalidToken = "error.invalidToken"
    case insufficientScope = "error.insufficientScope"
    case invalidVerificationCode = "error.invalidVerificationCode"
    case invalidGrant = "error.invalidGrant"
    case invalidClient = "error.invalidClient"
    case webauthnFailed = "error.webauthn.verificationFailed"
    case fieldNotUpdatable = "error.profile.fieldNotUpdatable"
    case featureDisabled = "error.feature.notAvailable"
    case notFound = "error.notFound"
    case serverError = "error.server"
    case accessTokenFreshness = "error.accessToken.freshness"
    case tooManyRequests = "error.tooManyRequests"

    /// The English text, which is also the fallback for a locale that has none. A one-sentence
    /// text has no final full stop, as ReachFive's own (its API reference: "Invalid email or
    /// password", "Email already in use"); only a text of two sentences has stops.
    var english: String {
        switch self {
        case .invalidEmailOrPassword: "Invalid email or password"
        case .emailAlreadyExists: "Email already in use"
        case .phoneNumberAlreadyExists: "Phone number already in use"
        case .customIdentifierAlreadyExists: "Custom identifier already in use"
        case .passwordTooWeak: "The password is too weak"
        case .invalidPassword: "The current password is incorrect"
        case .invalidRequest: "The request is invalid"
        case .invalidEmail: "Valid email required"
        case .invalidPhoneNumber: "Valid phone number required"
        case .invalidToken: "Your session is invalid or has expired. Please log in again."
        case .insufficientScope: "You are not allowed to perform this action"
        case .invalidVerificationCode: "The verification code is invalid or has expired"
        case .invalidGrant: "The authorization is invalid or has expired"
        case .invalidClient: "Unknown client"
        case .webauthnFailed: "The passkey could not be verified"
        case .fieldNotUpdatable: "This field cannot be changed here"
        case .featureDisabled: "This feature is not enabled"
        case .notFound: "Not found"
        case .serverError: "An unexpected error occurred. Please try again later."
        case .accessTokenFreshness: "For your security, please log in again before making this change"
        case .tooManyRequests: "Too many attempts. Please try again later."
        }
    }
}
