import Foundation
import LatchkeyCrypto
import SQLite

extension Vault {
    /// Checks the digest MAC, then recomputes every row's digest over all its columns: O(n).
    /// Meta and rows are read in one snapshot, so a concurrent writer cannot skew them.
    func verifyDigest() throws {
        lock.lock()
        defer { lock.unlock() }
        try Self.wrapSQLite { try db.readTransaction { try verifyDigestInSnapshot() } }
    }

    private func verifyDigestInSnapshot() throws {
        let meta = try VaultMeta.read(db)
        guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
        try meta.authenticate(keys, vaultId: header.vaultId)
        // Only the tag is needed of each blob: substr keeps the rest inside SQLite.
        let s = try db.prepare("SELECT id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, substr(blob, -16) FROM items")
        defer { s.reset() }
        let recomputed = try VaultDigest.recompute(keys.rowDigest, rows: s, epoch: epoch)
        guard recomputed.rowCount == meta.digest.rowCount, constantTimeEquals(recomputed.accumulator, meta.digest.accumulator) else {
            throw VaultError.rollbackDetected("the records do not match the vault digest (a row was rolled back, removed, added or edited)")
        }
    }

    public struct CheckReport: Sendable {
        public var records: Int
        public var sqliteIntegrity: Bool
    }

    /// Verifies the header, SQLite's own integrity, the digest, decrypts every record, and
    /// recomputes each record's blind indexes from its decrypted content.
    public func check() throws -> CheckReport {
        // Under the lock like every other use of the connection (opened without SQLite's own mutex).
        lock.lock()
        let read = Result {
            try Self.wrapSQLite { () -> VaultMeta in
                guard try db.integrityCheck() else { throw VaultError.headerDamaged("SQLite integrity_check failed") }
                try VaultSchema.check(db)
                return try VaultMeta.read(db)
            }
        }
        lock.unlock()
        let meta = try read.get()
        guard constantTimeEquals(Digest.sha256(meta.header), meta.headerSHA256) else {
            throw VaultError.headerDamaged("header checksum mismatch")
        }
        _ = try VaultHeader(bytes: meta.header)
        try verifyDigest()
        lock.lock()
        decrypted.removeAll()
        defer { lock.unlock() }
        let rows: [VaultRow] = try Self.wrapSQLite {
            let s = try db.prepare("SELECT \(VaultRow.columns) FROM items")
            defer { s.reset() }
            var out: [VaultRow] = []
            while try s.step() { out.append(try VaultRow(s)) }
            return out
        }
        for row in rows {
            let item = try decryptUncached(row)
            let idx = BlindIndex.of(item, keys)
            guard idx.rp == row.rpIndex, idx.credential == row.credentialIndex else {
                throw VaultError.recordDamaged(id: hex(row.id))
            }
        }
        return CheckReport(records: rows.count, sqliteIntegrity: true)
    }

    /// A consistent copy through SQLite's online backup API (never a file copy of a live WAL database).
    public func backup(to destination: String) throws {
        lock.lock()
        defer { lock.unlock() }
        try Self.wrapSQLite { try db.backup(to: destination) }
    }

    /// Sets the nonce counter, as a write would (re-MACed), so tests reach the budget quickly.
    func setEncryptionCountForTesting(_ n: Int64) throws {
        lock.lock()
        defer { lock.unlock() }
        try Self.wrapSQLite {
            try db.writeTransaction {
                var meta = try VaultMeta.read(db)
                meta.encCount = n
                try meta.update(in: db, keys: keys, vaultId: header.vaultId)
            }
        }
    }

    /// The nonce counter of the current key (for tests and `check`).
    public var encryptionCount: Int64 { (try? Self.wrapSQLite { try VaultMeta.read(db) }.encCount) ?? 0 }
}
