/// `UserVerificationRequirement` (L3 §5.8.6).
public enum UserVerificationRequirement: String, Sendable, Hashable, CaseIterable {
    case required, preferred, discouraged
}

/// `ResidentKeyRequirement` (L3 §5.4.6).
public enum ResidentKeyRequirement: String, Sendable, Hashable, CaseIterable {
    case discouraged, preferred, required
}

/// `AttestationConveyancePreference` (L3 §5.4.7).
public enum AttestationConveyancePreference: String, Sendable, Hashable, CaseIterable {
    case none, indirect, direct, enterprise
}

/// `AuthenticatorAttachment` (L3 §5.4.5).
public enum AuthenticatorAttachment: String, Sendable, Hashable, CaseIterable {
    case platform
    case crossPlatform = "cross-platform"
}
