import Authenticator
import CBOR
import Foundation
import WebAuthn

/// What a vault row holds. The encoding is CBOR with text keys, inside the encrypted blob.
public enum VaultItem: Equatable, Sendable {
    case password(PasswordItem)
    case passkey(PasskeyItem)
    /// A Sign in with Apple credential (added by the picker).
    case appleID(AppleIDItem)
    /// The key the local Apple ID emulation signs identity tokens with.
    case appleIssuerKey(AppleIssuerKeyItem)
    /// A signed-in session with an identity server (the CLI's `latchkey login`).
    case session(SessionItem)

    public enum Kind: UInt8, Sendable, CaseIterable {
        case password = 1
        case passkey = 2
        case appleID = 3
        case appleIssuerKey = 4
        case session = 5

        public var name: String {
            switch self {
            case .password: return "password"
            case .passkey: return "passkey"
            case .appleID: return "apple"
            case .appleIssuerKey: return "apple-issuer-key"
            case .session: return "session"
            }
        }
        public init?(name: String) {
            guard let k = Kind.allCases.first(where: { $0.name == name }) else { return nil }
            self = k
        }
    }

    public var kind: Kind {
        switch self {
        case .password: return .password
        case .passkey: return .passkey
        case .appleID: return .appleID
        case .appleIssuerKey: return .appleIssuerKey
        case .session: return .session
        }
    }

    var cbor: CBOR {
        switch self {
        case .password(let p): return p.cbor
        case .passkey(let p): return p.cbor
        case .appleID(let a): return a.cbor
        case .appleIssuerKey(let k):
            return .map([
                (.text("keyId"), .text(k.keyId)), (.text("key"), .bytes(k.privateKeyPKCS8)), (.text("createdAt"), dateCBOR(k.createdAt)),
            ])
        case .session(let t): return t.cbor
        }
    }

    init(kind: Kind, cbor: CBOR) throws(VaultError) {
        switch kind {
        case .password: self = .password(try PasswordItem(cbor: cbor))
        case .passkey: self = .passkey(try PasskeyItem(cbor: cbor))
        case .appleID: self = .appleID(try AppleIDItem(cbor: cbor))
        case .appleIssuerKey:
            let f = ItemFields(cbor: cbor)
            self = .appleIssuerKey(
                AppleIssuerKeyItem(
                    keyId: try f.text("keyId"), privateKeyPKCS8: try f.bytes("key"),
                    createdAt: f.date("createdAt") ?? Date(timeIntervalSince1970: 0)))
        case .session: self = .session(try SessionItem(cbor: cbor))
        }
    }
}

/// Field access for decoding items; a missing or mistyped field is record damage.
struct ItemFields {
    let fields: [String: CBOR]
    init(cbor: CBOR) {
        var f: [String: CBOR] = [:]
        for (k, v) in cbor.mapValue ?? [] { if let key = k.textValue { f[key] = v } }
        fields = f
    }
    func text(_ k: String) throws(VaultError) -> String {
        guard let v = fields[k]?.textValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func optionalText(_ k: String) -> String? { fields[k]?.textValue }
    func bytes(_ k: String) throws(VaultError) -> [UInt8] {
        guard let v = fields[k]?.bytesValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func optionalBytes(_ k: String) -> [UInt8]? { fields[k]?.bytesValue }
    func int(_ k: String) throws(VaultError) -> Int {
        guard let v = fields[k]?.intValue else { throw .storage("item field \(k) missing") }
        return v
    }
    func bool(_ k: String) -> Bool { fields[k]?.boolValue ?? false }
    func date(_ k: String) -> Date? { fields[k]?.intValue.map { Date(timeIntervalSince1970: TimeInterval($0) / 1000) } }
}

/// Items store times as integer milliseconds since 1970 (ordering "newest first" needs better
/// than seconds); constructors truncate so a stored item equals its source.
extension VaultItem {
    /// Seconds since 1970 a stored date may hold: milliseconds of it must fit in an Int64 with
    /// room to spare, and no credential predates 1970 or outlives year 9999.
    static let storableDates: ClosedRange<TimeInterval> = 0...253_402_300_799

    /// Every date the item carries, for `Vault.validate`.
    var dates: [Date] {
        switch self {
        case .password(let p): return [p.createdAt, p.updatedAt]
        case .passkey(let p): return [p.createdAt] + (p.lastUsedAt.map { [$0] } ?? [])
        case .appleID(let a): return [a.createdAt]
        case .appleIssuerKey: return []
        case .session(let t): return [t.issuedAt]
        }
    }
}

func dateCBOR(_ d: Date) -> CBOR { .int(Int((d.timeIntervalSince1970 * 1000).rounded(.down))) }

func wholeMilliseconds(_ d: Date) -> Date { Date(timeIntervalSince1970: (d.timeIntervalSince1970 * 1000).rounded(.down) / 1000) }

public struct PasswordItem: Equatable, Sendable {
    /// A domain (`example.com`) or a URL.
    public var domain: String
    public var username: String
    public var password: String
    public var notes: String?
    /// Offer this password on subdomains of its host too (Apple: a saved credential is offered
    /// on its own domain only, unless the site associates the others with it). Off by default.
    public var includeSubdomains: Bool
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        domain: String, username: String, password: String, notes: String? = nil, includeSubdomains: Bool = false,
        createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.domain = domain
        self.username = username
        self.password = password
        self.notes = notes
        self.includeSubdomains = includeSubdomains
        self.createdAt = wholeMilliseconds(createdAt)
        self.updatedAt = wholeMilliseconds(updatedAt)
    }

    /// The port saved with the URL, if any; without one the password is offered on the
    /// origin's default port only.
    public var port: Int? {
        if let url = URLComponents(string: domain), url.scheme != nil { return url.port }
        return nil
    }

    /// The host part used for matching and the blind index: the URL's host, or the domain.
    public var host: String {
        if let url = URLComponents(string: domain), let host = url.host, url.scheme != nil { return host.lowercased() }
        return domain.lowercased()
    }

    var cbor: CBOR {
        var m: [(CBOR, CBOR)] = [
            ("domain", .text(domain)), ("username", .text(username)), ("password", .text(password)),
            ("createdAt", dateCBOR(createdAt)), ("updatedAt", dateCBOR(updatedAt)),
        ]
        if let notes { m.append(("notes", .text(notes))) }
        if includeSubdomains { m.append(("includeSubdomains", .bool(true))) }
        return .map(m)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        domain = try f.text("domain")
        username = try f.text("username")
        password = try f.text("password")
        notes = f.optionalText("notes")
        includeSubdomains = f.fields["includeSubdomains"] == .bool(true)
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
        updatedAt = f.date("updatedAt") ?? createdAt
    }
}

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

/// A Sign in with Apple credential: a stable user identifier, the email and name shared with
/// the RP, and the latest identity token.
public struct AppleIDItem: Equatable, Sendable {
    public var clientId: String
    public var userIdentifier: String
    public var email: String
    public var fullName: String?
    public var identityToken: String?
    public var createdAt: Date

    public init(
        clientId: String, userIdentifier: String, email: String, fullName: String?, identityToken: String?, createdAt: Date = Date()
    ) {
        self.clientId = clientId
        self.userIdentifier = userIdentifier
        self.email = email
        self.fullName = fullName
        self.identityToken = identityToken
        self.createdAt = wholeMilliseconds(createdAt)
    }

    var cbor: CBOR {
        var m: [(CBOR, CBOR)] = [
            ("clientId", .text(clientId)), ("userIdentifier", .text(userIdentifier)), ("email", .text(email)),
            ("createdAt", dateCBOR(createdAt)),
        ]
        if let fullName { m.append(("fullName", .text(fullName))) }
        if let identityToken { m.append(("identityToken", .text(identityToken))) }
        return .map(m)
    }

    init(cbor: CBOR) throws(VaultError) {
        let f = ItemFields(cbor: cbor)
        clientId = try f.text("clientId")
        userIdentifier = try f.text("userIdentifier")
        email = try f.text("email")
        fullName = f.optionalText("fullName")
        identityToken = f.optionalText("identityToken")
        createdAt = f.date("createdAt") ?? Date(timeIntervalSince1970: 0)
    }
}

/// The emulated Apple ID issuer's signing key (ES256), one per vault.
public struct AppleIssuerKeyItem: Equatable, Sendable {
    public var keyId: String
    public var privateKeyPKCS8: [UInt8]
    public var createdAt: Date
    public init(keyId: String, privateKeyPKCS8: [UInt8], createdAt: Date = Date()) {
        self.keyId = keyId
        self.privateKeyPKCS8 = privateKeyPKCS8
        self.createdAt = wholeMilliseconds(createdAt)
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
