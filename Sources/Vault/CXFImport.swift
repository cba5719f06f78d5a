import Authenticator
import Foundation
import LatchkeyCrypto
import WebAuthn

extension CXFDocument {
    /// Converts to vault items, validating every field first: required fields, keys that
    /// parse, every number in range, and RP IDs that pass the same rules as at `create` (a
    /// domain, never a public suffix). Imported passkeys keep their counter mode but start at 0.
    public func vaultItems(publicSuffixList: PublicSuffixList?) throws -> [VaultItem] {
        var out: [VaultItem] = []
        for account in accounts {
            for item in account.items {
                let ext = item.extensions?.first { $0.name == LatchkeyItemExtension.name }
                let created = try Self.date(ms: ext?.createdAtMs, seconds: item.creationAt, field: "creationAt", item: item.id) ?? Date()
                let notes = item.credentials.first { $0.type == "note" }?.content?.value
                for c in item.credentials {
                    switch c.type {
                    case "passkey":
                        out.append(.passkey(try passkey(c, item: item, ext: ext, created: created, publicSuffixList: publicSuffixList)))
                    case "basic-auth":
                        guard let user = c.usernameField?.value, let pass = c.password?.value else {
                            throw VaultError.storage("CXF basic-auth in item \(item.id) lacks username or password")
                        }
                        let domain = ext?.domain ?? item.scope?.urls.first ?? item.title
                        let updated =
                            try Self.date(ms: ext?.updatedAtMs, seconds: item.modifiedAt, field: "modifiedAt", item: item.id) ?? created
                        let password = PasswordItem(
                            domain: domain, username: user, password: pass, notes: notes,
                            includeSubdomains: ext?.includeSubdomains ?? false, createdAt: created, updatedAt: updated)
                        // The rule add-password applies, so a file cannot bring in what the CLI refuses.
                        do { try password.validate() } catch {
                            guard case .invalidItem(let why) = error else { throw error }
                            throw VaultError.invalidItem("CXF item \(Self.printable(item.id)): \(why)")
                        }
                        out.append(.password(password))
                    default:
                        continue // notes travel with their item; other CXF types are not kept by Latchkey
                    }
                }
            }
        }
        return out
    }

    func passkey(
        _ c: Credential, item: Item, ext: LatchkeyItemExtension?, created: Date,
        publicSuffixList: PublicSuffixList?
    ) throws -> PasskeyItem {
        guard let id = c.credentialId.flatMap(Base64URL.decode), let rpId = c.rpId, let user = c.username,
            let handle = c.userHandle.flatMap(Base64URL.decode), let key = c.key.flatMap(Base64URL.decode)
        else {
            throw VaultError.storage("CXF passkey in item \(item.id) lacks a required field")
        }
        // the error below names the item; OpenSSL's reason for refusing the key gives the user nothing to act on
        guard (try? P256PrivateKey(pkcs8: key)) != nil else {
            throw VaultError.storage("CXF passkey in item \(item.id) has an unusable key")
        }
        do { try RelyingPartyOrigin.validateImported(rpId: rpId, publicSuffixList: publicSuffixList) } catch {
            throw VaultError.storage("CXF passkey in item \(item.id): \(error.message)")
        }
        var prf: [UInt8]? = nil
        if let h = c.fido2Extensions?.hmacCredentials {
            guard h.algorithm == "hmac-sha256", let withUV = Base64URL.decode(h.credWithUV),
                let withoutUV = Base64URL.decode(h.credWithoutUV),
                withUV.count == 32, withoutUV.count == 32
            else {
                throw VaultError.storage("CXF passkey in item \(item.id) has hmacCredentials that are not two 32-byte HMAC-SHA256 keys")
            }
            prf = withoutUV + withUV
        }
        var aaguid = AAGUID.zero
        if let text = ext?.aaguid {
            guard let parsed = AAGUID(text) else { throw VaultError.storage("CXF passkey in item \(item.id) has an invalid AAGUID") }
            aaguid = parsed
        }
        guard let counterMode = CounterMode(rawValue: ext?.counterMode ?? CounterMode.zero.rawValue) else {
            throw VaultError.storage("CXF passkey in item \(item.id) has an unknown counter mode")
        }
        guard let credProtect = CredentialProtection(rawValue: ext?.credProtect ?? 1) else {
            throw VaultError.storage("CXF passkey in item \(item.id) has an unknown credProtect level")
        }
        // The exporter titles an item with the RP name, else the RP ID: a title equal to the RP
        // ID means no RP name (one equal to its RP ID says nothing more, and displays the same).
        return PasskeyItem(
            credentialId: id, rpId: rpId, rpName: item.title == rpId ? nil : item.title, userName: user,
            userDisplayName: c.userDisplayName ?? user,
            userHandle: handle, privateKeyPKCS8: key, discoverable: ext?.discoverable ?? true,
            backupEligible: ext?.backupEligible ?? true, backupState: ext?.backupState ?? true,
            counterMode: counterMode, signCount: 0, aaguid: aaguid, profile: ext?.profile ?? "imported", prfSecret: prf,
            credProtect: credProtect, createdAt: created,
            lastUsedAt: try Self.date(ms: ext?.lastUsedAtMs, seconds: nil, field: "lastUsedAt", item: item.id))
    }

    /// An item id as a message may show it: an export's ids are base64url, anything else in a
    /// hostile file is cut short and stripped of controls.
    static func printable(_ id: String) -> String {
        String(id.unicodeScalars.filter { !PasswordItem.isInvisibleControl($0) }.map(Character.init).prefix(64))
    }

    /// A timestamp from the extension's milliseconds or CXF's seconds, refused when outside
    /// the dates a vault stores (1970–9999) rather than trapping on conversion.
    static func date(ms: Int64?, seconds: Int?, field: String, item: String) throws -> Date? {
        let value: TimeInterval
        if let ms { value = TimeInterval(ms) / 1000 } else if let seconds { value = TimeInterval(seconds) } else { return nil }
        guard VaultItem.storableDates.contains(value) else {
            throw VaultError.storage("CXF item \(item): \(field) is outside the years 1970–9999")
        }
        return Date(timeIntervalSince1970: value)
    }
}
