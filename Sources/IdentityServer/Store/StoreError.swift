/// What the store refuses, in the store's own terms. How the API answers each is
/// `APIError(_:)` (Errors/StoreErrorAnswers.swift), the one place the two meet.
enum StoreError: Error, Sendable, Equatable {
    /// The account a write names is no longer there.
    case accountGone
    /// A unique identifier column already holds this value.
    case identifierTaken(TakenIdentifier)
    /// A credential id is registered already (to anyone).
    case credentialAlreadyRegistered
    /// The wrong-guess budget of the account or the identifier is spent; try again after this
    /// many seconds.
    case tooManyWrongCodes(retryAfter: Int64)
    /// A code that is not the live one for its account, purpose and target (or no account has
    /// the identifier).
    case wrongCode

    enum TakenIdentifier: Sendable, Equatable { case email, phoneNumber, customIdentifier }
}
