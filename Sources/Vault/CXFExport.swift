import Foundation
import WebAuthn

extension CXFDocument {
    /// Items left out of an export, with the reason (CXF: a passkey whose counter is non-zero
    /// cannot be exported, since the importer restarts it at 0).
    public struct Skipped: Equatable, Sendable {
        public var title: String
        public var reason: String
    }

    /// Builds a document from vault items. Every field a Latchkey vault stores travels, in CXF
    /// fields where CXF has them and in the "latchkey" item extension where it does not.
    public static func export(_ items: [VaultItem], now: Date = Date()) -> (CXFDocument, [Skipped]) {
        var out: [Item] = []
        var skipped: [Skipped] = []
        for item in items {
            switch item {
            case .passkey(let p):
                guard p.signCount == 0 else {
                    skipped.append(.init(title: "\(p.userName) @ \(p.rpId)", reason: "signature counter is \(p.signCount), not 0"))
                    continue
                }
                out.append(passkeyItem(p))
            case .password(let p):
                out.append(passwordItem(p))
            case .appleID(let a):
                skipped.append(.init(title: a.email, reason: "Sign in with Apple credentials have no CXF form"))
            case .appleIssuerKey, .session, .cookie:
                continue // local state (the Apple emulation's key, a login session), not a user credential
            }
        }
        let account = Account(id: Base64URL.encode(Array(UUID().uuidString.utf8)), username: "", email: "", items: out)
        return (
            CXFDocument(
                version: .init(major: 1, minor: 0), exporterRpId: "latchkey.local", exporterDisplayName: "Latchkey",
                timestamp: Int(now.timeIntervalSince1970), accounts: [account]), skipped
        )
    }

    static func passkeyItem(_ p: PasskeyItem) -> Item {
        var c = Credential(type: "passkey")
        c.credentialId = Base64URL.encode(p.credentialId)
        c.rpId = p.rpId
        c.username = p.userName
        c.userDisplayName = p.userDisplayName
        c.userHandle = Base64URL.encode(p.userHandle)
        c.key = Base64URL.encode(p.privateKeyPKCS8)
        if let prf = p.prfSecret, prf.count == 64 {
            // Latchkey's hmac-secret CredRandom: the first half without UV, the second with UV.
            c.fido2Extensions = .init(
                hmacCredentials: .init(
                    algorithm: "hmac-sha256", credWithUV: Base64URL.encode(prf[32...]),
                    credWithoutUV: Base64URL.encode(prf[..<32])))
        }
        var ext = LatchkeyItemExtension()
        ext.createdAtMs = milliseconds(p.createdAt)
        ext.lastUsedAtMs = p.lastUsedAt.map(milliseconds)
        ext.aaguid = p.aaguid.description
        ext.profile = p.profile
        ext.counterMode = p.counterMode.rawValue
        ext.discoverable = p.discoverable
        ext.backupEligible = p.backupEligible
        ext.backupState = p.backupState
        if p.credProtect != .userVerificationOptional { ext.credProtect = p.credProtect.rawValue }
        return Item(
            id: Base64URL.encode(p.credentialId), creationAt: Int(p.createdAt.timeIntervalSince1970), modifiedAt: nil,
            title: p.rpName ?? p.rpId, credentials: [c], scope: Scope(urls: ["https://\(p.rpId)"], androidApps: []),
            extensions: [ext])
    }

    static func passwordItem(_ p: PasswordItem) -> Item {
        var c = Credential(type: "basic-auth")
        c.usernameField = EditableField(fieldType: "string", value: p.username)
        c.password = EditableField(fieldType: "concealed-string", value: p.password)
        var credentials = [c]
        if let notes = p.notes {
            var note = Credential(type: "note")
            note.content = EditableField(fieldType: "string", value: notes)
            credentials.append(note)
        }
        var ext = LatchkeyItemExtension()
        ext.createdAtMs = milliseconds(p.createdAt)
        ext.updatedAtMs = milliseconds(p.updatedAt)
        ext.domain = p.domain
        ext.includeSubdomains = p.includeSubdomains
        let url = p.domain.contains("://") ? p.domain : "https://\(p.domain)"
        return Item(
            id: Base64URL.encode(Array(UUID().uuidString.utf8)), creationAt: Int(p.createdAt.timeIntervalSince1970),
            modifiedAt: Int(p.updatedAt.timeIntervalSince1970), title: p.host, credentials: credentials,
            scope: Scope(urls: [url], androidApps: []), extensions: [ext])
    }

    static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
