import ArgumentParser
import Foundation
import Vault
import WebAuthn

/// One row of `list`/`show` output; secrets only with --reveal.
struct VaultEntry: Encodable {
    var id: String
    var kind: String
    var title: String
    var username: String
    var displayName: String?
    var rpId: String?
    var credentialId: String?
    var userHandle: String?
    var signCount: UInt32?
    var counterMode: String?
    var backupEligible: Bool?
    var backupState: Bool?
    var aaguid: String?
    var profile: String?
    var createdAt: Date?
    var lastUsedAt: Date?
    var includeSubdomains: Bool?
    var password: String?
    var notes: String?
    var privateKeyPKCS8: String?

    init(id: [UInt8], item: VaultItem, reveal: Bool) {
        self.id = RecordID.format(id)
        kind = item.kind.name
        switch item {
        case .password(let p):
            title = p.domain
            username = p.username
            createdAt = p.createdAt
            includeSubdomains = p.includeSubdomains
            if reveal {
                password = p.password
                notes = p.notes
            }
        case .passkey(let p):
            title = p.rpName ?? p.rpId
            username = p.userName
            displayName = p.userDisplayName
            rpId = p.rpId
            credentialId = Base64URL.encode(p.credentialId)
            userHandle = Base64URL.encode(p.userHandle)
            signCount = p.signCount
            counterMode = p.counterMode.rawValue
            backupEligible = p.backupEligible
            backupState = p.backupState
            aaguid = p.aaguid.description
            profile = p.profile
            createdAt = p.createdAt
            lastUsedAt = p.lastUsedAt
            if reveal { privateKeyPKCS8 = Base64URL.encode(p.privateKeyPKCS8) }
        case .appleID(let a):
            title = a.clientId
            username = a.email
            displayName = a.fullName
            createdAt = a.createdAt
        case .appleIssuerKey(let k):
            title = "Apple ID issuer key \(k.keyId)"
            username = ""
            createdAt = k.createdAt
        case .session(let t):
            title = t.server
            username = t.user
            createdAt = t.issuedAt
        case .cookie(let c):
            title = c.server
            username = c.name
            createdAt = c.createdAt
        }
    }

    /// One line for a terminal; every stored name is shown with its control characters escaped.
    /// The third column is the site for both kinds of credential: a password's domain, a
    /// passkey's RP id (its RP name, when it has another, goes last in parentheses). The kind is
    /// padded to `kindWidth`, the longest kind of the listing, so the site column lines up. A
    /// passkey ends with its credential id (base64url) and signature counter.
    func line(kindWidth: Int) -> String {
        let e = TerminalText.escaped
        let site = rpId ?? title
        let rpName = rpId != nil && title != rpId ? "  (\(e(title)))" : ""
        // A passkey's credential id and counter, as Chromium's virtual authenticator lists them:
        // two passkeys of one user name at one site differ here.
        let credential = credentialId.map { "  credential \($0)  signCount \(signCount ?? 0)" } ?? ""
        return "\(id)  \(kind + String(repeating: " ", count: max(0, kindWidth - kind.count)))  \(e(site))  \(e(username))" + rpName
            + credential + (password.map { "  password: \(e($0))" } ?? "")
    }
}

extension VaultEntry {
    /// Every field that is set, one `name: value` a line (what `show` prints): the same fields
    /// as the JSON, names escaped like every stored text.
    var details: [String] {
        let e = TerminalText.escaped
        let dates = ISO8601DateFormatter()
        let fields: [(String, String?)] = [
            ("id", id), ("kind", kind), ("title", title), ("username", username), ("displayName", displayName), ("rpId", rpId),
            ("credentialId", credentialId), ("userHandle", userHandle), ("signCount", signCount.map(String.init)),
            ("counterMode", counterMode), ("backupEligible", backupEligible.map(String.init)),
            ("backupState", backupState.map(String.init)),
            ("aaguid", aaguid), ("profile", profile), ("includeSubdomains", includeSubdomains.map(String.init)),
            ("createdAt", createdAt.map(dates.string(from:))), ("lastUsedAt", lastUsedAt.map(dates.string(from:))),
            ("password", password), ("notes", notes), ("privateKeyPKCS8", privateKeyPKCS8),
        ]
        return fields.compactMap { name, value in value.map { "\(name): \(e($0))" } }
    }
}

/// `list`'s output: a JSON array (`[]` when empty), or a line an item, or "no items" in words
/// rather than no output at all.
func printEntries(_ entries: [VaultEntry], json: Bool) {
    if json {
        Console.writeJSON(entries)
    } else if entries.isEmpty {
        Console.out("no items")
    } else {
        let width = entries.map(\.kind.count).max() ?? 0
        for e in entries { Console.out(e.line(kindWidth: width)) }
    }
}
