/// What happened when the authenticator asked for user verification.
public enum UserVerificationOutcome: String, Sendable, CaseIterable {
    /// The user was verified (biometric or PIN succeeded).
    case verified
    /// The authenticator can verify users, but this attempt failed or was refused.
    case failed
    /// The authenticator has no user verification method configured.
    case unavailable
}

/// The question the authenticator asks a user-verification method.
public struct UserVerificationContext: Sendable {
    public enum Ceremony: String, Sendable { case create, get }
    public var ceremony: Ceremony
    public var rpId: String
    public var userName: String?
}

/// Stands in for the biometric sensor or PIN pad. User presence is a separate concept (a touch
/// or a click); UV is the authenticator's claim that it knows who the user is.
public protocol UserVerification: Sendable {
    /// Whether `verifyUser` can ever succeed; drives getInfo's `uv` option.
    var isAvailable: Bool { get }
    func verifyUser(_ context: UserVerificationContext) -> UserVerificationOutcome
}

/// A user-verification method that always gives the same answer.
public struct FixedUserVerification: UserVerification {
    public let outcome: UserVerificationOutcome
    public init(_ outcome: UserVerificationOutcome) { self.outcome = outcome }
    public var isAvailable: Bool { outcome != .unavailable }
    public func verifyUser(_ context: UserVerificationContext) -> UserVerificationOutcome { outcome }

    /// Every verification succeeds.
    public static let always = FixedUserVerification(.verified)
    /// UV is configured but every attempt fails.
    public static let never = FixedUserVerification(.failed)
    /// No UV method: the authenticator reports `uv` unsupported.
    public static let unavailable = FixedUserVerification(.unavailable)
}
