import Foundation
import LatchkeyCrypto
import WebAuthn

/// The FIDO Credential Exchange Format (CXF 1.0) subset Latchkey exchanges: passkeys and
/// basic-auth passwords, with CXF field names.
public struct CXFDocument: Codable, Equatable, Sendable {
    public struct Version: Codable, Equatable, Sendable { public var major: Int; public var minor: Int }
    public struct EditableField: Codable, Equatable, Sendable {
        public var fieldType: String
        public var value: String
    }
    public struct Scope: Codable, Equatable, Sendable { public var urls: [String]; public var androidApps: [String] }
    public struct Credential: Codable, Equatable, Sendable {
        public var type: String
        // passkey
        public var credentialId: String?
        public var rpId: String?
        public var username: String?
        public var userDisplayName: String?
        public var userHandle: String?
        public var key: String?
        // basic-auth
        public var usernameField: EditableField?
        public var password: EditableField?

        enum CodingKeys: String, CodingKey {
            case type, credentialId, rpId, username, userDisplayName, userHandle, key, password
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            type = try c.decode(String.self, forKey: .type)
            credentialId = try c.decodeIfPresent(String.self, forKey: .credentialId)
            rpId = try c.decodeIfPresent(String.self, forKey: .rpId)
            userDisplayName = try c.decodeIfPresent(String.self, forKey: .userDisplayName)
            userHandle = try c.decodeIfPresent(String.self, forKey: .userHandle)
            key = try c.decodeIfPresent(String.self, forKey: .key)
            password = try c.decodeIfPresent(EditableField.self, forKey: .password)
            // `username` is a string for passkeys and an EditableField for basic-auth.
            if type == "basic-auth" { usernameField = try c.decodeIfPresent(EditableField.self, forKey: .username) }
            else { username = try c.decodeIfPresent(String.self, forKey: .username) }
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encodeIfPresent(credentialId, forKey: .credentialId)
            try c.encodeIfPresent(rpId, forKey: .rpId)
            try c.encodeIfPresent(userDisplayName, forKey: .userDisplayName)
            try c.encodeIfPresent(userHandle, forKey: .userHandle)
            try c.encodeIfPresent(key, forKey: .key)
            try c.encodeIfPresent(password, forKey: .password)
            if let usernameField { try c.encode(usernameField, forKey: .username) } else { try c.encodeIfPresent(username, forKey: .username) }
        }

        init(type: String) { self.type = type }
    }
    public struct Item: Codable, Equatable, Sendable {
        public var id: String
        public var creationAt: Int?
        public var modifiedAt: Int?
        public var title: String
        public var credentials: [Credential]
        public var scope: Scope?
    }
    public struct Account: Codable, Equatable, Sendable {
        public var id: String
        public var username: String
        public var email: String
        public var items: [Item]
    }

    public var version: Version
    public var exporterRpId: String
    public var exporterDisplayName: String
    public var timestamp: Int
    public var accounts: [Account]

    /// Items left out of an export, with the reason (CXF: a passkey whose counter is non-zero
    /// cannot be exported, since the importer restarts it at 0).
    public struct Skipped: Equatable, Sendable { public var title: String; public var reason: String }

    /// Builds a document from vault items.
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
                var c = Credential(type: "passkey")
                c.credentialId = Base64URL.encode(p.credentialId); c.rpId = p.rpId; c.username = p.userName
                c.userDisplayName = p.userDisplayName; c.userHandle = Base64URL.encode(p.userHandle); c.key = Base64URL.encode(p.privateKeyPKCS8)
                out.append(Item(id: Base64URL.encode(p.credentialId), creationAt: Int(p.createdAt.timeIntervalSince1970), modifiedAt: nil,
                                title: p.rpName ?? p.rpId, credentials: [c], scope: Scope(urls: ["https://\(p.rpId)"], androidApps: [])))
            case .password(let p):
                var c = Credential(type: "basic-auth")
                c.usernameField = EditableField(fieldType: "string", value: p.username)
                c.password = EditableField(fieldType: "concealed-string", value: p.password)
                let url = p.domain.contains("://") ? p.domain : "https://\(p.domain)"
                out.append(Item(id: Base64URL.encode(Array(UUID().uuidString.utf8)), creationAt: Int(p.createdAt.timeIntervalSince1970),
                                modifiedAt: Int(p.updatedAt.timeIntervalSince1970), title: p.host, credentials: [c],
                                scope: Scope(urls: [url], androidApps: [])))
            case .appleID(let a):
                skipped.append(.init(title: a.email, reason: "Sign in with Apple credentials have no CXF form"))
            case .appleIssuerKey:
                continue // local emulation state, not a user credential
            }
        }
        let account = Account(id: Base64URL.encode(Array(UUID().uuidString.utf8)), username: "", email: "", items: out)
        return (CXFDocument(version: .init(major: 1, minor: 0), exporterRpId: "latchkey.local", exporterDisplayName: "Latchkey",
                            timestamp: Int(now.timeIntervalSince1970), accounts: [account]), skipped)
    }

    /// Converts to vault items, validating every field first; imported passkeys start at counter 0.
    public func vaultItems() throws -> [VaultItem] {
        var out: [VaultItem] = []
        for account in accounts {
            for item in account.items {
                for c in item.credentials {
                    switch c.type {
                    case "passkey":
                        guard let id = c.credentialId.flatMap(Base64URL.decode), let rpId = c.rpId, let user = c.username,
                              let handle = c.userHandle.flatMap(Base64URL.decode), let key = c.key.flatMap(Base64URL.decode) else {
                            throw VaultError.storage("CXF passkey in item \(item.id) lacks a required field")
                        }
                        guard (try? P256PrivateKey(pkcs8: key)) != nil else { throw VaultError.storage("CXF passkey in item \(item.id) has an unusable key") }
                        out.append(.passkey(PasskeyItem(
                            credentialId: id, rpId: rpId, rpName: item.title, userName: user, userDisplayName: c.userDisplayName ?? user,
                            userHandle: handle, privateKeyPKCS8: key, discoverable: true, backupEligible: true, backupState: true,
                            counterMode: "zero", signCount: 0, aaguid: .zero, profile: "imported", prfSecret: nil,
                            createdAt: item.creationAt.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date(), lastUsedAt: nil)))
                    case "basic-auth":
                        guard let user = c.usernameField?.value, let pass = c.password?.value else {
                            throw VaultError.storage("CXF basic-auth in item \(item.id) lacks username or password")
                        }
                        let domain = item.scope?.urls.first ?? item.title
                        out.append(.password(PasswordItem(domain: domain, username: user, password: pass,
                                                          createdAt: item.creationAt.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date())))
                    default:
                        continue // other CXF credential types are not kept by Latchkey
                    }
                }
            }
        }
        return out
    }
}
