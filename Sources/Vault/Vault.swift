import CBOR
import Foundation
import LatchkeyCrypto
import SQLite
import WebAuthn

/// An encrypted credential vault in one SQLite file.
///
/// Unlock order: file checks, schema check, header checksum (damage), parameter caps, scrypt
/// (outside any transaction), key check value (wrong passphrase), vault-key unwrap, digest MAC
/// and a full recount of the row digests (rollback, tampering). Every write runs in
/// `BEGIN IMMEDIATE`, re-reads the key epoch and digest inside the transaction, and updates the
/// digest incrementally. Reads are in `VaultQueries`, writes in `VaultWrites`, rekeying in
/// `VaultRekey`, integrity checks in `VaultCheck`.
public final class Vault: @unchecked Sendable { // connection, keys, caches under lock; clock set before sharing
    public let path: String
    let db: Database
    public internal(set) var header: VaultHeader
    public internal(set) var epoch: Int64
    /// How long the last unlock spent in scrypt and in everything else (checks, digest scan).
    public internal(set) var unlockTimings: (kdf: Duration, rest: Duration) = (.zero, .zero)
    /// The time written to `updated_at`; tests inject a fixed one.
    public var clock: @Sendable () -> Date = { Date() }
    var wrapKey: SecureBytes
    var keys: RecordKeys
    let lock = NSLock()
    /// Decrypted items by record id, valid while the row's kind, version, key epoch and GCM tag
    /// are unchanged. Any rewrite of the row (a swapped, rolled-back or re-kinded blob) misses
    /// and is decrypted and authenticated again; a hit returns data authenticated on first read.
    var decrypted: [[UInt8]: (kind: Int64, version: Int64, epoch: Int64, tag: [UInt8], item: VaultItem)] = [:]
    static let decryptCacheLimit = 4096

    /// SP 800-38D: random 96-bit nonces are safe for 2^32 encryptions per key; we stop at 2^31.
    public static let nonceBudget: Int64 = 1 << 31
    public static let defaultKDF = Scrypt.Parameters(logN: 17, r: 8, p: 1)

    var cipher: RecordCipher { RecordCipher(key: keys.record, vaultId: header.vaultId) }

    private init(path: String, db: Database, header: VaultHeader, epoch: Int64, wrapKey: SecureBytes, keys: RecordKeys) {
        self.path = path
        self.db = db
        self.header = header
        self.epoch = epoch
        self.wrapKey = wrapKey
        self.keys = keys
    }

    // MARK: create and open

    public static func create(at path: String, passphrase: [UInt8], kdf: Scrypt.Parameters = defaultKDF) throws -> Vault {
        guard !passphrase.isEmpty else { throw VaultError.invalidPassphrase("a new vault needs a non-empty passphrase") }
        try VaultHeader.checkParameters(kdf)
        try VaultFile.checkCreatable(path)
        let header = VaultHeader(vaultId: SystemRandom.bytes(16), kdf: kdf, salt: SystemRandom.bytes(32))
        let passKeys = try PassphraseKeys(passphrase: passphrase, header: header)
        let vaultKey = SystemRandom.privateBytes(32)
        // 16 KiB pages halve the page reads of the digest recount, which scans every blob at unlock.
        let db = try wrapSQLite { try Database(path: path, options: .init(create: true, pageSize: 16384)) }
        try VaultFile.restrictMode(path)
        let keys = try RecordKeys(vaultKey: vaultKey, vaultId: header.vaultId, epoch: 1)
        try wrapSQLite {
            try db.writeTransaction {
                try VaultSchema.create(db)
                let meta = VaultMeta(
                    header: header.bytes, headerSHA256: Digest.sha256(header.bytes), kcv: passKeys.keyCheckValue(header),
                    wrappedVK: try wrap(vaultKey, with: passKeys.wrap, header: header, epoch: 1), epoch: 1,
                    encCount: 0, digest: .empty, digestMAC: [])
                try meta.insert(into: db, keys: keys, vaultId: header.vaultId)
            }
        }
        return Vault(path: path, db: db, header: header, epoch: 1, wrapKey: passKeys.wrap, keys: keys)
    }

    public static func open(at path: String, passphrase: [UInt8]) throws -> Vault {
        try VaultFile.checkOpenable(path)
        try VaultFile.checkNotTruncated(path)
        let db = try wrapSQLite { try Database(path: path) }
        let meta = try wrapSQLite { () -> VaultMeta in
            try VaultSchema.check(db)
            return try VaultMeta.read(db)
        }
        guard constantTimeEquals(Digest.sha256(meta.header), meta.headerSHA256) else {
            throw VaultError.headerDamaged("header checksum mismatch")
        }
        let header = try VaultHeader(bytes: meta.header)
        // scrypt runs here, with no transaction open.
        let clock = ContinuousClock()
        let started = clock.now
        let passKeys = try PassphraseKeys(passphrase: passphrase, header: header)
        let kdfDone = clock.now
        guard constantTimeEquals(passKeys.keyCheckValue(header), meta.kcv) else { throw VaultError.wrongPassphrase }
        let vaultKey: SecureBytes
        do {
            vaultKey = try AESGCM.open(
                try AESGCM.SealedBox(combined: meta.wrappedVK), key: passKeys.wrap,
                aad: header.bytes + meta.epoch.bigEndianBytes)
        } catch {
            throw VaultError.headerDamaged("the wrapped vault key does not authenticate")
        }
        let keys = try RecordKeys(vaultKey: vaultKey, vaultId: header.vaultId, epoch: meta.epoch)
        let vault = Vault(path: path, db: db, header: header, epoch: meta.epoch, wrapKey: passKeys.wrap, keys: keys)
        try vault.verifyDigest()
        vault.unlockTimings = (kdfDone - started, clock.now - kdfDone)
        return vault
    }

    static func wrap(_ vaultKey: SecureBytes, with key: SecureBytes, header: VaultHeader, epoch: Int64) throws -> [UInt8] {
        try AESGCM.seal(vaultKey, key: key, aad: header.bytes + epoch.bigEndianBytes).combined
    }

    /// Maps SQLite failures to vault errors: corruption is damage, never an empty vault.
    static func wrapSQLite<R>(_ body: () throws -> R) throws -> R {
        do { return try body() } catch let e as SQLiteError {
            if e.isBusy { throw VaultError.busy }
            if e.isCorruption { throw VaultError.headerDamaged("database file is damaged (\(e.message))") }
            if e.isFull { throw VaultError.storage("disk full or I/O error (\(e.message)); nothing was written") }
            throw VaultError.storage(e.description)
        }
    }
}
