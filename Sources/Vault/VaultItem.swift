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
    /// A cookie an identity server set on this device (the trusted-device cookie of MFA).
    case cookie(CookieItem)

    public enum Kind: UInt8, Sendable, CaseIterable {
        case password = 1
        case passkey = 2
        case appleID = 3
        case appleIssuerKey = 4
        case session = 5
        case cookie = 6

        public var name: String {
            switch self {
            case .password: return "password"
            case .passkey: return "passkey"
            case .appleID: return "apple"
            case .appleIssuerKey: return "apple-issuer-key"
            case .session: return "session"
            case .cookie: return "cookie"
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
        case .cookie: return .cookie
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
        case .cookie(let c): return c.cbor
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
        case .cookie: self = .cookie(try CookieItem(cbor: cbor))
        }
    }
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
        case .cookie(let c): return [c.createdAt] + (c.expiresAt.map { [$0] } ?? [])
        }
    }
}

func dateCBOR(_ d: Date) -> CBOR { .int(Int((d.timeIntervalSince1970 * 1000).rounded(.down))) }

func wholeMilliseconds(_ d: Date) -> Date { Date(timeIntervalSince1970: (d.timeIntervalSince1970 * 1000).rounded(.down) / 1000) }
