import Authenticator
import CBOR
import Foundation
import WebAuthn

/// A passkey with the CXF passkey fields plus what the authenticator needs.
public struct PasskeyItem: Equatable, Sendable {
    public var credentialId: [UInt8]
    public var rpId: String
    public var rpName: String?
    public var userName: String
    public var userDisplayName: String
    public var userHandle: [UInt8]
    /// PKCS#8 PrivateKeyInfo DER (the CXF `key` field).
    public var privateKeyPKCS8: [UInt8]
    public var discoverable: Bool
    public var backupEligible: Bool
    public var backupState: Bool
    public var counterMode: CounterMode
    public var signCount: UInt32
    public var aaguid: AAGUID
    public var profile: String
    /// hmac-secret CredRandom (64 bytes), when the credential supports prf.
    public var prfSecret: [UInt8]?
    /// The CTAP credProtect policy (stored only when it is not the default).
    public var credProtect: CredentialProtection
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(
        credentialId: [UInt8], rpId: String, rpName: String?, userName: String, userDisplayName: String, userHandle: [UInt8],
        privateKeyPKCS8: [UInt8], discoverable: Bool, backupEligible: Bool, backupState: Bool, counterMode: CounterMode,
        signCount: UInt32, aaguid: AAGUID, profile: String, prfSecret: [UInt8]?,
        credProtect: CredentialProtection = .userVerificationOptional, createdAt: Date, lastUsedAt: Date?
    ) {
        self.credentialId = credentialId
        self.rpId = rpId
        self.rpName = rpName
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.userHandle = userHandle
        self.privateKeyPKCS8 = privateKeyPKCS8
        self.discoverable = discoverable
        self.backupEligible = backupEligible
        self.backupState = backupState
        self.counterMode = counterMode
        self.signCount = signCount
        self.aaguid = aaguid
        self.profile = profile
        self.prfSecret = prfSecret
        self.credProtect = credProtect
        self.createdAt = wholeMilliseconds(createdAt)
        self.lastUsedAt = lastUsedAt.map(wholeMilliseconds)
    }

    var cbor: CBOR {
        var m: [(CBOR, CBOR)] = [
            ("credentialId", .bytes(credentialId)), ("rpId", .text(rpId)), ("userName", .text(userName)),
            ("userDisplayName", .text(userDisplayName)), ("userHandle", .bytes(userHandle)), ("key", .bytes(privateKeyPKCS8)),
            ("discoverable", .bool(discoverable)), ("be", .bool(backupEligible)), ("bs", .bool(backupState)),
            ("counterMode", .text(counterMode.rawValue)), ("signCount", .int(Int(signCount))), ("aaguid", .bytes(aaguid.bytes)),
            ("profile", .text(profile)), ("createdAt", dateCBOR(createdAt)),
        ]
        if let rpName { m.append(("rpName", .text(rpName))) }
        if let prfSecret { m.append(("prfSecret", .bytes(prfSecret))) }
        if credProtect != .userVerificationOptional { m.append(("credProtect", .int(credProtect.rawValue))) }
        if let lastUsedAt { m.append(("lastUsedAt", dateCBOR(lastUsedAt))) }
        return .map(m)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        credentialId = try f.bytes("credentialId")
        rpId = try f.text("rpId")
        rpName = f.optionalText("rpName")
        userName = try f.text("userName")
        userDisplayName = try f.text("userDisplayName")
        userHandle = try f.bytes("userHandle")
        privateKeyPKCS8 = try f.bytes("key")
        discoverable = f.bool("discoverable")
        backupEligible = f.bool("be")
        backupState = f.bool("bs")
        counterMode = try CounterMode(stored: try f.text("counterMode"))
        signCount = UInt32(clamping: try f.int("signCount"))
        guard let a = AAGUID(bytes: try f.bytes("aaguid")) else { throw .storage("item field aaguid malformed") }
        aaguid = a
        profile = try f.text("profile")
        prfSecret = f.optionalBytes("prfSecret")
        // Absent: the default. Present but unknown: refused, never read as a weaker policy.
        if let level = f.fields["credProtect"] {
            guard let raw = level.intValue, let policy = CredentialProtection(rawValue: raw) else {
                throw .storage("item field credProtect malformed")
            }
            credProtect = policy
        } else {
            credProtect = .userVerificationOptional
        }
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
        lastUsedAt = f.date("lastUsedAt")
    }
}

extension CounterMode {
    /// A counter mode read from our own vault: an unknown value is damage, never a default
    /// (a passkey whose counter silently became `zero` would stop protecting against clones).
    init(stored value: String) throws(VaultError) {
        guard let mode = CounterMode(rawValue: value) else { throw .storage("item field counterMode holds an unknown mode") }
        self = mode
    }
}
