/// The CTAP 2.1 `credProtect` policy a credential was created with (§12.1): when the
/// authenticator may use it without user verification.
public enum CredentialProtection: Int, Sendable, CaseIterable {
    /// Always (the default, and what a credential without the extension has).
    case userVerificationOptional = 1
    /// Without UV only when the request's allow list names it: a discoverable lookup (no allow
    /// list) does not reveal it unless the user is verified.
    case userVerificationOptionalWithCredentialIDList = 2
    /// Only with UV.
    case userVerificationRequired = 3

    /// Whether a request may use (or learn of) the credential.
    func allows(userVerified: Bool, listedInAllowList: Bool) -> Bool {
        switch self {
        case .userVerificationOptional: return true
        case .userVerificationOptionalWithCredentialIDList: return userVerified || listedInAllowList
        case .userVerificationRequired: return userVerified
        }
    }
}
