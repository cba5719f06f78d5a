import LatchkeyCrypto
import SQLite

/// The single meta row: the header and its checksum, the key check value, the wrapped vault
/// key, and the counters under the digest MAC.
struct VaultMeta {
    var header: [UInt8]
    var headerSHA256: [UInt8]
    var kcv: [UInt8]
    var wrappedVK: [UInt8]
    var epoch: Int64
    var encCount: Int64
    var digest: VaultDigest
    var digestMAC: [UInt8]

    static func read(_ db: Database) throws -> VaultMeta {
        let s = try db.prepare(
            "SELECT header, header_sha256, kcv, wrapped_vk, key_epoch, generation, enc_count, row_count, digest_acc, digest_mac FROM vault_meta WHERE id = 1"
        )
        defer { s.reset() }
        guard try s.step(), case .bytes(let header) = s.strictBlob(0), case .bytes(let sha) = s.strictBlob(1),
            case .bytes(let kcv) = s.strictBlob(2), case .bytes(let wrapped) = s.strictBlob(3), let epoch = s.strictInt(4),
            let generation = s.strictInt(5), let encCount = s.strictInt(6), let rowCount = s.strictInt(7),
            case .bytes(let acc) = s.strictBlob(8), acc.count == 32, case .bytes(let mac) = s.strictBlob(9)
        else {
            throw VaultError.headerDamaged("the vault header row is missing, incomplete or of the wrong types")
        }
        return VaultMeta(
            header: header, headerSHA256: sha, kcv: kcv, wrappedVK: wrapped, epoch: epoch, encCount: encCount,
            digest: VaultDigest(accumulator: acc, rowCount: rowCount, generation: generation), digestMAC: mac)
    }

    /// Throws unless the digest MAC authenticates every counter under `keys`.
    func authenticate(_ keys: RecordKeys, vaultId: [UInt8]) throws {
        guard constantTimeEquals(digest.mac(keys.digest, vaultId: vaultId, epoch: epoch, encryptionCount: encCount), digestMAC) else {
            throw VaultError.rollbackDetected("the vault digest does not authenticate")
        }
    }

    func insert(into db: Database, keys: RecordKeys, vaultId: [UInt8]) throws {
        try db.prepare(
            """
            INSERT INTO vault_meta(id, header, header_sha256, kcv, wrapped_vk, key_epoch, generation, enc_count, row_count, digest_acc, digest_mac)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        )
        .bind(1, header).bind(2, headerSHA256).bind(3, kcv).bind(4, wrappedVK).bind(5, epoch).bind(6, digest.generation)
        .bind(7, encCount).bind(8, digest.rowCount).bind(9, digest.accumulator)
        .bind(10, digest.mac(keys.digest, vaultId: vaultId, epoch: epoch, encryptionCount: encCount)).run()
    }

    /// Writes the counters, the digest and its fresh MAC (and the wrapped key and epoch, which a
    /// rotation changes).
    func update(in db: Database, keys: RecordKeys, vaultId: [UInt8]) throws {
        try db.prepare(
            "UPDATE vault_meta SET wrapped_vk = ?, key_epoch = ?, generation = ?, enc_count = ?, row_count = ?, digest_acc = ?, digest_mac = ? WHERE id = 1"
        )
        .bind(1, wrappedVK).bind(2, epoch).bind(3, digest.generation).bind(4, encCount).bind(5, digest.rowCount)
        .bind(6, digest.accumulator).bind(7, digest.mac(keys.digest, vaultId: vaultId, epoch: epoch, encryptionCount: encCount)).run()
    }
}
