/// The server's MFA policy: whether MFA is on, when a login must step up, and how long a device
/// the user trusted skips the step-up.
public struct MfaSettings: Sendable, Equatable {
    /// When a password login answers `mfa_required`.
    public enum StepUp: String, Sendable, Equatable {
        /// When the account has registered a second factor (the default).
        case whenRegistered = "when_registered"
        /// Always (an account with no factor cannot finish the step-up).
        case always
        /// Never (the factors are still registered and listed).
        case never
    }

    public var enabled = true
    public var stepUp = StepUp.whenRegistered
    public var trustedDeviceDays: Int64 = 30
    public init() {}
}
