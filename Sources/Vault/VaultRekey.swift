import CBOR
import Foundation
import LatchkeyCrypto
import SQLite

extension Vault {
    /// Re-wraps the vault key under a new passphrase (new salt, optional new KDF parameters).
    /// scrypt runs before the transaction; the switch is one single-row update.
    public func changePassphrase(to newPassphrase: [UInt8], kdf: Scrypt.Parameters? = nil) throws {
        guard !newPassphrase.isEmpty else { throw VaultError.invalidPassphrase("the new passphrase is empty") }
        var newHeader = header
        newHeader.salt = SystemRandom.bytes(32)
        if let kdf {
            try VaultHeader.checkParameters(kdf)
            newHeader.kdf = kdf
        }
        let passKeys = try PassphraseKeys(passphrase: newPassphrase, header: newHeader)
        let vaultKey = try unwrapVaultKey()
        lock.lock()
        defer { lock.unlock() }
        try Self.wrapSQLite {
            try db.writeTransaction {
                let meta = try VaultMeta.read(db)
                guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
                try db.prepare("UPDATE vault_meta SET header = ?, header_sha256 = ?, kcv = ?, wrapped_vk = ? WHERE id = 1")
                    .bind(1, newHeader.bytes).bind(2, Digest.sha256(newHeader.bytes)).bind(3, passKeys.keyCheckValue(newHeader))
                    .bind(4, try Self.wrap(vaultKey, with: passKeys.wrap, header: newHeader, epoch: epoch)).run()
            }
            // With secure_delete on, a truncating checkpoint leaves no copy of the old wrap.
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        header = newHeader
        wrapKey = passKeys.wrap
    }

    func unwrapVaultKey() throws -> SecureBytes {
        let meta = try Self.wrapSQLite { try VaultMeta.read(db) }
        guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
        do {
            return try AESGCM.open(try AESGCM.SealedBox(combined: meta.wrappedVK), key: wrapKey, aad: meta.header + epoch.bigEndianBytes)
        } catch { throw VaultError.staleKeyEpoch }
    }

    /// A new vault key: every record is re-encrypted (and its blind indexes recomputed under
    /// the new keys) in one transaction, so the vault is all old or all new.
    public func rotateKey() throws {
        let newKey = SystemRandom.privateBytes(32)
        let newEpoch = epoch + 1
        let newKeys = try RecordKeys(vaultKey: newKey, vaultId: header.vaultId, epoch: newEpoch)
        lock.lock()
        defer { lock.unlock() }
        try Self.wrapSQLite {
            try db.writeTransaction {
                var meta = try VaultMeta.read(db)
                guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
                try meta.authenticate(keys, vaultId: header.vaultId)
                var rows: [VaultRow] = []
                let s = try db.prepare("SELECT \(VaultRow.columns) FROM items")
                while try s.step() { rows.append(try VaultRow(s)) }
                var digest = VaultDigest.empty
                digest.generation = meta.digest.generation + 1
                let newCipher = RecordCipher(key: newKeys.record, vaultId: header.vaultId)
                for var row in rows {
                    let item = try decryptUncached(row)
                    let idx = BlindIndex.of(item, newKeys)
                    row.blob = try newCipher.seal(
                        CBOREncoder.encode(item.cbor), id: row.id, kind: item.kind.rawValue, version: row.version, epoch: newEpoch)
                    row.epoch = newEpoch
                    row.rpIndex = idx.rp
                    row.credentialIndex = idx.credential
                    try row.replace(in: db)
                    digest.toggle(try row.digestMAC(newKeys.rowDigest))
                    digest.rowCount += 1
                }
                meta.wrappedVK = try Self.wrap(newKey, with: wrapKey, header: header, epoch: newEpoch)
                meta.epoch = newEpoch
                meta.encCount = Int64(rows.count)
                meta.digest = digest
                try meta.update(in: db, keys: newKeys, vaultId: header.vaultId)
            }
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        keys = newKeys
        epoch = newEpoch
        decrypted.removeAll()
    }
}
