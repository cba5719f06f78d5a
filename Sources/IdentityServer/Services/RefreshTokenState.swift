/// Where a refresh token is in its rotation family (OAuth 2.1 §4.3.1): `active` until it is
/// used once, then `rotated` (its successor is the family's active token), or `revoked` with its
/// whole family. The store keeps it as text, mapped in one place (`TokenRecords`).
enum RefreshTokenState: Sendable, Equatable, CaseIterable {
    case active
    case rotated
    case revoked

    /// What presenting a token in this state means.
    enum Presentation: Equatable {
        /// The token may be exchanged (and is then rotated).
        case usable
        /// A token already rotated, presented again: it leaked, so its family is revoked.
        case replayed
        /// Expired, revoked, or of a revoked family: refused, nothing changes.
        case dead
    }

    func presented(expired: Bool, familyRevoked: Bool) -> Presentation {
        switch self {
        case .active: return expired || familyRevoked ? .dead : .usable
        case .rotated: return .replayed
        case .revoked: return .dead
        }
    }
}
