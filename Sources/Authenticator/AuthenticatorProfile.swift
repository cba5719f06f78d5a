import WebAuthn

/// How signature counters behave.
public enum CounterMode: String, Sendable, CaseIterable, Codable {
    /// Always 0, as synced passkeys report (the RP then skips clone detection).
    case zero
    /// One counter per credential, incremented before each assertion.
    case perCredential = "per-credential"
    /// One counter for the whole authenticator, incremented on every signature.
    case global
}

/// Which attestation statement makeCredential produces.
public enum AttestationKind: String, Sendable, CaseIterable, Codable {
    case none
    /// `packed`, signed with the credential key itself.
    case packedSelf = "packed-self"
    /// `packed` with an x5c chained to the authenticator's generated batch CA.
    case packedBatch = "packed"
}

/// A named bundle of authenticator behaviour. Every field is a `var`, so any flag, the counter
/// mode and the AAGUID can be overridden per authenticator.
public struct AuthenticatorProfile: Sendable, Equatable {
    public var name: String
    public var aaguid: AAGUID
    public var attestation: AttestationKind
    public var backupEligible: Bool
    public var backupState: Bool
    public var counterMode: CounterMode
    /// Platform passkey managers verify the user on every ceremony, whatever the RP asked.
    public var alwaysVerifyUser: Bool
    /// The WebAuthn `authenticatorAttachment` this authenticator reports.
    public var attachment: AuthenticatorAttachment
    public var transports: [String]
    public var credentialIdLength: Int

    public init(
        name: String, aaguid: AAGUID, attestation: AttestationKind, backupEligible: Bool, backupState: Bool,
        counterMode: CounterMode, alwaysVerifyUser: Bool, attachment: AuthenticatorAttachment, transports: [String],
        credentialIdLength: Int
    ) {
        self.name = name
        self.aaguid = aaguid
        self.attestation = attestation
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.counterMode = counterMode
        self.alwaysVerifyUser = alwaysVerifyUser
        self.attachment = attachment
        self.transports = transports
        self.credentialIdLength = credentialIdLength
    }

    /// An iCloud Keychain synced passkey: fmt none, UV=1, BE=BS=1, counter always 0.
    public static let icloud = AuthenticatorProfile(
        name: "icloud", aaguid: AAGUID("fbfc3007-154e-4ecc-8c0b-6e020557d7bd")!, attestation: .none,
        backupEligible: true, backupState: true, counterMode: .zero, alwaysVerifyUser: true,
        attachment: .platform, transports: ["hybrid", "internal"], credentialIdLength: 20)

    /// A roaming security key: packed x5c attestation, per-credential counter, BE=BS=0.
    public static let securityKey = AuthenticatorProfile(
        name: "security-key", aaguid: AAGUID("6c617463-686b-6579-2d73-65632d6b6579")!, attestation: .packedBatch,
        backupEligible: false, backupState: false, counterMode: .perCredential, alwaysVerifyUser: false,
        attachment: .crossPlatform, transports: ["usb"], credentialIdLength: 32)

    public static let all: [AuthenticatorProfile] = [.icloud, .securityKey]

    public static func named(_ name: String) -> AuthenticatorProfile? { all.first { $0.name == name } }
}

/// Deliberately wrong responses for relying-party negative tests, in the spirit of Chromium's
/// virtual authenticator switches.
public struct ResponseOverrides: Sendable, Equatable {
    /// Sign, then flip bits in the signature so it no longer verifies.
    public var bogusSignature = false
    /// Report UV=0 even when the user was verified.
    public var clearUserVerified = false
    /// Report UP=0.
    public var clearUserPresent = false
    public init(bogusSignature: Bool = false, clearUserVerified: Bool = false, clearUserPresent: Bool = false) {
        self.bogusSignature = bogusSignature
        self.clearUserVerified = clearUserVerified
        self.clearUserPresent = clearUserPresent
    }
}
