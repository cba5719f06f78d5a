import Foundation
import LatchkeyCrypto
import WebAuthn

/// One credential as the authenticator keeps it. The key is shared, not copied, and loaded
/// only when the credential signs.
public struct StoredCredential: Sendable {
    public var id: [UInt8]
    public var rpId: String
    public var rpName: String?
    public var userHandle: [UInt8]
    public var userName: String
    public var userDisplayName: String
    public var key: CredentialKey
    public var discoverable: Bool
    public var signCount: UInt32
    public var counterMode: CounterMode
    public var backupEligible: Bool
    public var backupState: Bool
    public var aaguid: AAGUID
    public var profileName: String
    /// CTAP hmac-secret CredRandom values: index 0 without UV, index 1 with UV. Nil when the
    /// credential was created without the extension.
    public var hmacSecret: SecureBytes?
    /// The credProtect policy (CTAP 2.1 §12.1).
    public var credProtect: CredentialProtection
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(
        id: [UInt8], rpId: String, rpName: String? = nil, userHandle: [UInt8], userName: String, userDisplayName: String,
        key: CredentialKey, discoverable: Bool, signCount: UInt32, counterMode: CounterMode,
        backupEligible: Bool, backupState: Bool, aaguid: AAGUID, profileName: String,
        hmacSecret: SecureBytes?, credProtect: CredentialProtection = .userVerificationOptional, createdAt: Date, lastUsedAt: Date? = nil
    ) {
        self.id = id
        self.rpId = rpId
        self.rpName = rpName
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.key = key
        self.discoverable = discoverable
        self.signCount = signCount
        self.counterMode = counterMode
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.aaguid = aaguid
        self.profileName = profileName
        self.hmacSecret = hmacSecret
        self.credProtect = credProtect
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    /// The COSE public key (loads the private key if it was not yet).
    public func publicKey() throws -> COSEKey { COSEKey(p256: try key.resolve().publicKey) }
}
