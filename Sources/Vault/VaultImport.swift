import Foundation
import LatchkeyCrypto
import WebAuthn

/// What an import did, item by item: new items added, exact copies of what the vault already
/// holds skipped, and items that clash with a stored one (same credential ID, or same site and
/// username, with other content) refused.
public struct ImportReport: Equatable, Sendable, Codable {
    public var imported: Int = 0
    public var identical: [String] = []
    public var conflicting: [String] = []
}

extension Vault {
    /// Imports `items` in one transaction. Nothing is written when any item conflicts (with
    /// the vault or with another item of the import): an import never shadows a stored passkey
    /// and never half-applies.
    public func importItems(_ items: [VaultItem]) throws -> ImportReport {
        var report = ImportReport()
        var fresh: [VaultItem] = []
        // The file's own items by identity, so a 10,000-item import compares each item with its
        // few namesakes, never with every item before it.
        var freshByIdentity: [ItemIdentity: [VaultItem]] = [:]
        for item in items {
            if case .password(let p) = item { try p.validate() }
            let identity = ItemIdentity(item)
            let existing = try stored(matching: item) + (identity.flatMap { freshByIdentity[$0] } ?? [])
            if existing.isEmpty {
                fresh.append(item)
                if let identity { freshByIdentity[identity, default: []].append(item) }
            } else if existing.allSatisfy({ Self.sameContent($0, item) }) {
                report.identical.append(Self.describe(item))
            } else {
                report.conflicting.append(Self.describe(item))
            }
        }
        guard report.conflicting.isEmpty else { return report }
        try addAll(fresh)
        report.imported = fresh.count
        return report
    }

    /// Replaces the rows `removing` with `item` in one transaction, so a failure leaves the old
    /// rows in place (a discoverable passkey replacing the account's previous one).
    @discardableResult
    public func replace(removing ids: [[UInt8]], adding item: VaultItem) throws -> [UInt8] {
        let id = SystemRandom.bytes(16)
        try write(encryptions: 1) { digest in
            for old in ids { try deleteRow(id: old, digest: &digest) }
            try insertRow(item, id: id, digest: &digest)
        }
        return id
    }

    /// Stored items an imported one would duplicate: a passkey with its credential ID, or a
    /// password for the same site (host and port) and username.
    func stored(matching item: VaultItem) throws -> [VaultItem] {
        switch item {
        case .passkey(let p):
            return try passkey(credentialId: p.credentialId).map { [.passkey($0.item)] } ?? []
        case .password(let p):
            return try passwords(host: p.host).map { VaultItem.password($0.item) }.filter { Self.sameIdentity($0, item) }
        case .appleID, .appleIssuerKey, .session, .cookie:
            return []
        }
    }

    static func sameIdentity(_ a: VaultItem, _ b: VaultItem) -> Bool {
        guard let x = ItemIdentity(a) else { return false }
        return x == ItemIdentity(b)
    }

    /// Equal in everything an import carries (an imported passkey's counter restarts at 0).
    static func sameContent(_ a: VaultItem, _ b: VaultItem) -> Bool {
        switch (a, b) {
        case (.passkey(let x), .passkey(let y)):
            return x.rpId == y.rpId && x.userHandle == y.userHandle && x.privateKeyPKCS8 == y.privateKeyPKCS8
                && x.userName == y.userName && x.userDisplayName == y.userDisplayName
        case (.password(let x), .password(let y)):
            return x.domain == y.domain && x.password == y.password && x.notes == y.notes
        default:
            return false
        }
    }

    static func describe(_ item: VaultItem) -> String {
        switch item {
        case .passkey(let p): return "passkey \(Base64URL.encode(p.credentialId)) for \(p.userName) at \(p.rpId)"
        case .password(let p): return "password for \(p.username) at \(p.host)" + (p.port.map { ":\($0)" } ?? "")
        case .appleID(let a): return "Sign in with Apple for \(a.email)"
        case .appleIssuerKey: return "Apple issuer key"
        case .session(let t): return "session of \(t.user) at \(t.server)"
        case .cookie(let c): return "cookie \(c.name) from \(c.server)"
        }
    }
}

/// What makes two items the same credential: a passkey's credential ID, or a password's site
/// (host and port) and username. Other kinds have no import identity.
enum ItemIdentity: Hashable {
    case passkey([UInt8])
    case password(host: String, port: Int?, username: String)

    init?(_ item: VaultItem) {
        switch item {
        case .passkey(let p): self = .passkey(p.credentialId)
        case .password(let p): self = .password(host: p.host, port: p.port, username: p.username)
        case .appleID, .appleIssuerKey, .session, .cookie: return nil
        }
    }
}
