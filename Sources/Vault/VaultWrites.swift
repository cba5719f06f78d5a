import CBOR
import Foundation
import LatchkeyCrypto
import SQLite

extension Vault {
    /// A write transaction with the meta row re-read and authenticated inside it; `body`
    /// updates the digest, and the counters and MAC are rewritten before the commit.
    func write<R>(encryptions: Int64, _ body: (inout VaultDigest) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        return try Self.wrapSQLite {
            try db.writeTransaction {
                var meta = try VaultMeta.read(db)
                guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
                try meta.authenticate(keys, vaultId: header.vaultId)
                guard meta.encCount + encryptions <= Self.nonceBudget else { throw VaultError.keyRotationRequired }
                let result = try body(&meta.digest)
                meta.digest.generation += 1
                meta.encCount += encryptions
                try meta.update(in: db, keys: keys, vaultId: header.vaultId)
                return result
            }
        }
    }

    /// Per-field caps, date ranges and a password's rules (`PasswordItem.validate`), checked
    /// before anything is written.
    static func validate(_ item: VaultItem) throws {
        func cap(_ value: Int, _ limit: Int, _ what: String) throws {
            if value > limit { throw VaultError.tooLarge("\(what) is \(value) bytes; the limit is \(limit)") }
        }
        switch item {
        case .password(let p):
            try p.validate()
            try cap(p.domain.utf8.count, 2048, "domain")
            try cap(p.username.utf8.count, 4096, "username")
            try cap(p.password.utf8.count, 64 * 1024, "password")
            try cap(p.notes?.utf8.count ?? 0, 64 * 1024, "notes")
        case .passkey(let p):
            try cap(p.userHandle.count, 64, "user handle")
            try cap(p.credentialId.count, 1023, "credential id")
            try cap(p.rpId.utf8.count, 253, "RP ID")
            try cap(p.userName.utf8.count, 4096, "user name")
            try cap(p.userDisplayName.utf8.count, 4096, "display name")
            try cap(p.privateKeyPKCS8.count, 4096, "private key")
        case .appleID(let a):
            try cap(a.email.utf8.count, 1024, "email")
            try cap(a.identityToken?.utf8.count ?? 0, 16 * 1024, "identity token")
        case .appleIssuerKey(let k):
            try cap(k.privateKeyPKCS8.count, 4096, "issuer key")
        case .session(let t):
            try cap(t.server.utf8.count, 2048, "server")
            try cap(t.clientId.utf8.count, 1024, "client id")
            try cap(t.user.utf8.count, 4096, "user")
            try cap(t.accessToken.utf8.count + (t.refreshToken?.utf8.count ?? 0) + (t.idToken?.utf8.count ?? 0), 64 * 1024, "tokens")
        case .cookie(let c):
            try cap(c.server.utf8.count, 2048, "server")
            try cap(c.name.utf8.count + c.value.utf8.count, 4096, "cookie")
        }
        for date in item.dates where !VaultItem.storableDates.contains(date.timeIntervalSince1970) {
            throw VaultError.storage("a date of \(date.timeIntervalSince1970) s since 1970 is outside the years 1970–9999")
        }
    }

    /// The encrypted row for `item` at `version`, with its blind indexes under the current keys.
    func sealedRow(_ item: VaultItem, id: [UInt8], version: Int64) throws -> VaultRow {
        try Self.validate(item)
        let blob = try cipher.seal(CBOREncoder.encode(item.cbor), id: id, kind: item.kind.rawValue, version: version, epoch: epoch)
        let idx = BlindIndex.of(item, keys)
        return VaultRow(
            id: id, kind: Int64(item.kind.rawValue), version: version, epoch: epoch, rpIndex: idx.rp,
            credentialIndex: idx.credential, updatedAt: Int64(clock().timeIntervalSince1970), blob: blob)
    }

    func insertRow(_ item: VaultItem, id: [UInt8], digest: inout VaultDigest) throws {
        let row = try sealedRow(item, id: id, version: 1)
        try row.insert(into: db)
        digest.toggle(try row.digestMAC(keys.rowDigest))
        digest.rowCount += 1
    }

    /// Deletes one row inside a write. The row is authenticated first (decrypted, and its digest
    /// computed from its own columns), so a planted row is reported, never silently un-MACed.
    func deleteRow(id: [UInt8], digest: inout VaultDigest) throws {
        guard let old = try VaultRow.read(id: id, from: db) else { throw VaultError.notFound("record \(hex(id))") }
        _ = try decrypt(old)
        try db.prepare("DELETE FROM items WHERE id = ?").bind(1, id).run()
        digest.toggle(try old.digestMAC(keys.rowDigest))
        digest.rowCount -= 1
    }

    /// Adds an item and returns its record id.
    @discardableResult
    public func add(_ item: VaultItem) throws -> [UInt8] {
        let id = SystemRandom.bytes(16)
        try write(encryptions: 1) { digest in try insertRow(item, id: id, digest: &digest) }
        return id
    }

    /// Adds many items in one transaction (one fsync): the way to import or seed a vault.
    @discardableResult
    public func addAll(_ items: [VaultItem]) throws -> [[UInt8]] {
        let ids = items.map { _ in SystemRandom.bytes(16) }
        try write(encryptions: Int64(items.count)) { digest in
            for (item, id) in zip(items, ids) { try insertRow(item, id: id, digest: &digest) }
        }
        return ids
    }

    /// Replaces an item's content (version + 1, fresh nonce).
    public func update(id: [UInt8], with item: VaultItem) throws {
        try modify(id: id) { _ in item }
    }

    /// Reads, changes and rewrites one item inside a single write transaction, so concurrent
    /// read-modify-write cycles from several processes never lose an update.
    public func modify(id: [UInt8], _ change: (VaultItem) throws -> VaultItem) throws {
        try write(encryptions: 1) { digest in
            guard let old = try VaultRow.read(id: id, from: db) else { throw VaultError.notFound("record \(hex(id))") }
            let item = try change(try decrypt(old))
            guard old.kind == Int64(item.kind.rawValue) else { throw VaultError.storage("an update cannot change an item's kind") }
            let row = try sealedRow(item, id: id, version: old.version + 1)
            try row.replace(in: db)
            digest.toggle(try old.digestMAC(keys.rowDigest))
            digest.toggle(try row.digestMAC(keys.rowDigest))
        }
    }

    public func remove(id: [UInt8]) throws {
        try write(encryptions: 0) { digest in try deleteRow(id: id, digest: &digest) }
    }
}
