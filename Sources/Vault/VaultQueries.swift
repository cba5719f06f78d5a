import CBOR
import Foundation
import LatchkeyCrypto
import SQLite

extension Vault {
    /// Decrypts and authenticates a row (its blob is bound to id, kind, version and epoch).
    /// Callers hold `lock`.
    func decrypt(_ row: VaultRow) throws -> VaultItem {
        guard row.epoch == epoch else { throw VaultError.staleKeyEpoch }
        guard row.blob.count >= RecordCipher.minimumBlobLength else { throw VaultError.recordDamaged(id: hex(row.id)) }
        let tag = RecordCipher.tag(of: row.blob)
        if let hit = decrypted[row.id], hit.kind == row.kind, hit.version == row.version, hit.epoch == row.epoch, hit.tag == tag {
            return hit.item
        }
        decrypted[row.id] = nil
        let item = try decryptUncached(row)
        if decrypted.count >= Self.decryptCacheLimit { decrypted.removeAll(keepingCapacity: true) }
        decrypted[row.id] = (row.kind, row.version, row.epoch, tag, item)
        return item
    }

    func decryptUncached(_ row: VaultRow) throws -> VaultItem {
        guard let cipherKind = row.cipherKind, let kind = VaultItem.Kind(rawValue: cipherKind) else {
            throw VaultError.recordDamaged(id: hex(row.id))
        }
        let plaintext = try cipher.open(row.blob, id: row.id, kind: cipherKind, version: row.version, epoch: row.epoch)
        do {
            let cbor = try plaintext.withUnsafeBytes {
                try CBORDecoder(maxDepth: 8, maxInputLength: RecordCipher.maximumPlaintext).decode($0)
            }
            return try VaultItem(kind: kind, cbor: cbor)
        } catch {
            throw VaultError.recordDamaged(id: hex(row.id))
        }
    }

    public func item(id: [UInt8]) throws -> VaultItem? {
        lock.lock()
        defer { lock.unlock() }
        return try Self.wrapSQLite { try VaultRow.read(id: id, from: db).map(decrypt) }
    }

    /// Rows of `kind`, optionally only those whose `column` blind index equals `index`.
    func rows(of kind: VaultItem.Kind?, where column: String? = nil, equals index: [UInt8]? = nil) throws -> [(
        id: [UInt8], item: VaultItem
    )] {
        lock.lock()
        defer { lock.unlock() }
        return try Self.wrapSQLite { try rowsHoldingLock(of: kind, where: column, equals: index) }
    }

    /// `rows(of:where:equals:)` for a caller that already holds `lock` (inside `write`).
    func rowsHoldingLock(of kind: VaultItem.Kind?, where column: String? = nil, equals index: [UInt8]? = nil) throws -> [(
        id: [UInt8], item: VaultItem
    )] {
        var conditions: [String] = []
        if let column { conditions.append("\(column) = ?") }
        if let kind { conditions.append("kind = \(kind.rawValue)") }
        let sql = "SELECT \(VaultRow.columns) FROM items" + (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "))
        let s = try db.prepare(sql)
        defer { s.reset() }
        if let index { try s.bind(1, index) }
        var rows: [VaultRow] = []
        while try s.step() { rows.append(try VaultRow(s)) }
        return try rows.map { ($0.id, try decrypt($0)) }
    }

    /// Every item, optionally of one kind.
    public func items(kind: VaultItem.Kind? = nil) throws -> [(id: [UInt8], item: VaultItem)] {
        try rows(of: kind)
    }

    /// Passkeys for an RP, through the rp blind index (equality only, never LIKE).
    public func passkeys(rpId: String) throws -> [(id: [UInt8], item: PasskeyItem)] {
        try rows(of: .passkey, where: "rp_idx", equals: BlindIndex.rp(.passkey, Array(rpId.utf8), keys)).compactMap {
            if case .passkey(let p) = $0.item, p.rpId == rpId { return ($0.id, p) }
            return nil
        }
    }

    public func passkey(credentialId: [UInt8]) throws -> (id: [UInt8], item: PasskeyItem)? {
        try rows(of: .passkey, where: "cred_idx", equals: BlindIndex.credential(credentialId, keys)).lazy.compactMap {
            if case .passkey(let p) = $0.item, p.credentialId == credentialId { return ($0.id, p) }
            return nil
        }.first
    }

    /// Passwords saved for exactly this host (the picker asks for each parent domain in turn).
    public func passwords(host: String) throws -> [(id: [UInt8], item: PasswordItem)] {
        let host = host.lowercased()
        return try rows(of: .password, where: "rp_idx", equals: BlindIndex.rp(.password, Array(host.utf8), keys)).compactMap {
            if case .password(let p) = $0.item, p.host == host { return ($0.id, p) }
            return nil
        }
    }

    /// Sign in with Apple credentials for one client (Services ID).
    public func appleIDs(clientId: String) throws -> [(id: [UInt8], item: AppleIDItem)] {
        try rows(of: .appleID, where: "rp_idx", equals: BlindIndex.rp(.appleID, Array(clientId.utf8), keys)).compactMap {
            if case .appleID(let a) = $0.item, a.clientId == clientId { return ($0.id, a) }
            return nil
        }
    }

    /// The Apple ID issuer key, if one was made.
    public func appleIssuerKey() throws -> AppleIssuerKeyItem? {
        try rows(of: .appleIssuerKey, where: "rp_idx", equals: BlindIndex.rp(.appleIssuerKey, [], keys)).lazy.compactMap {
            if case .appleIssuerKey(let k) = $0.item { return k }
            return nil
        }.first
    }

    /// The session kept for this server and client, with its row id.
    public func session(server: String, clientId: String) throws -> (id: [UInt8], item: SessionItem)? {
        let key = SessionItem.lookupKey(server: server, clientId: clientId)
        return try rows(of: .session, where: "rp_idx", equals: BlindIndex.rp(.session, Array(key.utf8), keys)).lazy.compactMap {
            if case .session(let t) = $0.item, t.lookupKey == key { return (id: $0.id, item: t) }
            return nil
        }.first
    }

    /// How many items the vault holds; a store that cannot be read is an error, never 0.
    public var count: Int {
        get throws {
            lock.lock()
            defer { lock.unlock() }
            return try Self.wrapSQLite { () -> Int in
                Int(try db.prepare("SELECT count(*) FROM items").firstRow { $0.int(0) } ?? 0)
            }
        }
    }
}
