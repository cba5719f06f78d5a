import Encoding

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

/// The configuration file's `mfa` member: `{"enabled": true, "step_up": "when_registered" |
/// "always" | "never", "trusted_device_days": 30}`, every key optional; an unknown key is refused.
extension MfaSettings: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled
        case stepUp = "step_up"
        case trustedDeviceDays = "trusted_device_days"
    }

    public init(from decoder: any Decoder) throws {
        self.init()
        let known = Set(CodingKeys.allCases.map(\.stringValue))
        let present = try decoder.container(keyedBy: JSONCodingKey.self).allKeys.map(\.stringValue)
        if let unknown = present.sorted().first(where: { !known.contains($0) }) {
            throw ConfigurationError(message: "unknown configuration key \"mfa.\(unknown)\"")
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let v = try c.decodeIfPresent(Bool.self, forKey: .enabled) { enabled = v }
        if let v = try c.decodeIfPresent(String.self, forKey: .stepUp) {
            guard let policy = StepUp(rawValue: v) else {
                throw DecodingError.dataCorruptedError(forKey: .stepUp, in: c, debugDescription: "must be when_registered, always or never")
            }
            stepUp = policy
        }
        if let v = try c.decodeIfPresent(Int64.self, forKey: .trustedDeviceDays) {
            guard (0...3650).contains(v) else {
                throw DecodingError.dataCorruptedError(forKey: .trustedDeviceDays, in: c, debugDescription: "must be 0 to 3650 days")
            }
            trustedDeviceDays = v
        }
    }
}

/// Any member name, to list what an object holds.
private struct JSONCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
