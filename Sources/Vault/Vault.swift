import CBOR
import Foundation
import LatchkeyCrypto
import SQLite
import WebAuthn

/// An encrypted credential vault in one SQLite file.
///
/// Unlock order: schema check, header checksum (damage), parameter caps, scrypt (outside any
/// transaction), key check value (wrong passphrase), vault-key unwrap, digest MAC and a full
/// recount of the row digests (rollback). Every write runs in `BEGIN IMMEDIATE`, re-reads the
/// key epoch and digest inside the transaction, and updates the digest incrementally.
public final class Vault: @unchecked Sendable {
    public let path: String
    let db: Database
    public private(set) var header: VaultHeader
    public private(set) var epoch: Int64
    /// How long the last unlock spent in scrypt and in everything else (checks, digest scan).
    public internal(set) var unlockTimings: (kdf: Duration, rest: Duration) = (.zero, .zero)
    var wrapKey: SecureBytes
    var keys: RecordKeys
    let lock = NSLock()
    /// Decrypted items by record id, valid while the row's kind, version, key epoch and GCM tag
    /// are unchanged. Any rewrite of the row (a swapped, rolled-back or re-kinded blob) misses
    /// and is decrypted and authenticated again; a hit returns data authenticated on first read.
    private var decrypted: [[UInt8]: (kind: UInt8, version: Int64, epoch: Int64, tag: [UInt8], item: VaultItem)] = [:]
    static let decryptCacheLimit = 4096

    /// SP 800-38D: random 96-bit nonces are safe for 2^32 encryptions per key; we stop at 2^31.
    public static let nonceBudget: Int64 = 1 << 31
    public static let defaultKDF = Scrypt.Parameters(logN: 17, r: 8, p: 1)

    var cipher: RecordCipher { RecordCipher(key: keys.record, vaultId: header.vaultId) }

    private init(path: String, db: Database, header: VaultHeader, epoch: Int64, wrapKey: SecureBytes, keys: RecordKeys) {
        self.path = path; self.db = db; self.header = header; self.epoch = epoch; self.wrapKey = wrapKey; self.keys = keys
    }

    // MARK: create and open

    public static func create(at path: String, passphrase: [UInt8], kdf: Scrypt.Parameters = defaultKDF) throws -> Vault {
        guard !passphrase.isEmpty else { throw VaultError.invalidPassphrase("a new vault needs a non-empty passphrase") }
        try VaultHeader.checkParameters(kdf)
        if let attrs = try? FileManager.default.attributesOfItem(atPath: path), (attrs[.size] as? NSNumber)?.intValue ?? 0 > 0 {
            throw VaultError.alreadyExists(path)
        }
        let header = VaultHeader(vaultId: SystemRandom.bytes(16), kdf: kdf, salt: SystemRandom.bytes(32))
        let passKeys = try PassphraseKeys(passphrase: passphrase, header: header)
        let vaultKey = SystemRandom.privateBytes(32)
        // 16 KiB pages halve the page reads of the digest recount, which scans every blob at unlock.
        let db = try wrapSQLite { try Database(path: path, options: .init(create: true, pageSize: 16384)) }
        let keys = try RecordKeys(vaultKey: vaultKey, vaultId: header.vaultId, epoch: 1)
        try wrapSQLite {
            try db.writeTransaction {
                try VaultSchema.create(db)
                let wrapped = try wrap(vaultKey, with: passKeys.wrap, header: header, epoch: 1)
                let digest = VaultDigest.empty
                try db.prepare("""
                    INSERT INTO vault_meta(id, header, header_sha256, kcv, wrapped_vk, key_epoch, generation, enc_count, row_count, digest_acc, digest_mac)
                    VALUES (1, ?, ?, ?, ?, 1, 0, 0, 0, ?, ?)
                    """)
                    .bind(1, header.bytes).bind(2, Digest.sha256(header.bytes)).bind(3, passKeys.keyCheckValue(header))
                    .bind(4, wrapped).bind(5, digest.accumulator).bind(6, digest.mac(keys.digest, vaultId: header.vaultId, epoch: 1))
                    .run()
            }
        }
        return Vault(path: path, db: db, header: header, epoch: 1, wrapKey: passKeys.wrap, keys: keys)
    }

    public static func open(at path: String, passphrase: [UInt8]) throws -> Vault {
        guard FileManager.default.fileExists(atPath: path) else { throw VaultError.notFound("no vault at \(path)") }
        try checkNotTruncated(path)
        let db = try wrapSQLite { try Database(path: path) }
        let meta = try wrapSQLite { () -> Meta in
            try VaultSchema.check(db)
            return try Meta.read(db)
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
            vaultKey = try AESGCM.open(try AESGCM.SealedBox(combined: meta.wrappedVK), key: passKeys.wrap,
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

    /// SQLite records the database size in pages in its file header (valid when the change
    /// counter matches "version-valid-for"). A file shorter than that lost pages: damage, even
    /// when the lost pages belong to an index that unlock would not read. Skipped while a WAL
    /// holds frames, since those pages may legitimately live there.
    static func checkNotTruncated(_ path: String) throws {
        let attrs = try? FileManager.default.attributesOfItem(atPath: path)
        let size = (attrs?[.size] as? NSNumber)?.intValue ?? 0
        let walSize = ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber)?.intValue ?? 0
        guard size >= 100, walSize == 0, let handle = FileHandle(forReadingAtPath: path) else { return }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 100), header.count == 100 else { return }
        let h = Array(header)
        func u32(_ o: Int) -> Int { Int(h[o]) << 24 | Int(h[o + 1]) << 16 | Int(h[o + 2]) << 8 | Int(h[o + 3]) }
        let rawPageSize = Int(h[16]) << 8 | Int(h[17])
        let pageSize = rawPageSize == 1 ? 65536 : rawPageSize
        let pages = u32(28)
        guard pageSize >= 512, pages > 0, u32(24) == u32(92) else { return }
        if size < pages * pageSize {
            throw VaultError.headerDamaged("the database file is \(size) bytes but its header records \(pages) pages of \(pageSize) (truncated)")
        }
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

    // MARK: meta

    struct Meta {
        var header: [UInt8]
        var headerSHA256: [UInt8]
        var kcv: [UInt8]
        var wrappedVK: [UInt8]
        var epoch: Int64
        var encCount: Int64
        var digest: VaultDigest
        var digestMAC: [UInt8]

        static func read(_ db: Database) throws -> Meta {
            let meta = try db.prepare("SELECT header, header_sha256, kcv, wrapped_vk, key_epoch, generation, enc_count, row_count, digest_acc, digest_mac FROM vault_meta WHERE id = 1")
                .firstRow { s -> Meta? in
                    guard let header = s.blob(0), let sha = s.blob(1), let kcv = s.blob(2), let wrapped = s.blob(3),
                          let acc = s.blob(8), acc.count == 32, let mac = s.blob(9) else { return nil }
                    return Meta(header: header, headerSHA256: sha, kcv: kcv, wrappedVK: wrapped, epoch: s.int(4), encCount: s.int(6),
                                digest: VaultDigest(accumulator: acc, rowCount: s.int(7), generation: s.int(5)), digestMAC: mac)
                }
            guard let meta, let meta else { throw VaultError.headerDamaged("the vault header row is missing or incomplete") }
            return meta
        }
    }

    /// Checks the digest MAC, then recomputes every row's digest: O(n) over ids, versions and
    /// tags. Meta and rows are read in one snapshot, so a concurrent writer cannot skew them.
    func verifyDigest() throws {
        lock.lock(); defer { lock.unlock() }
        try Self.wrapSQLite { try db.readTransaction { try verifyDigestInSnapshot() } }
    }

    private func verifyDigestInSnapshot() throws {
        let meta = try Meta.read(db)
        guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
        guard constantTimeEquals(meta.digest.mac(keys.digest, vaultId: header.vaultId, epoch: epoch), meta.digestMAC) else {
            throw VaultError.rollbackDetected("the vault digest does not authenticate")
        }
        // Only the tag is needed per row: substr keeps the rest of each blob inside SQLite.
        let s = try db.prepare("SELECT id, kind, version, key_epoch, substr(blob, -16) FROM items")
        defer { s.reset() }
        let recomputed = try VaultDigest.recompute(keys.rowDigest, rows: s, epoch: epoch)
        guard recomputed.rowCount == meta.digest.rowCount, constantTimeEquals(recomputed.accumulator, meta.digest.accumulator) else {
            throw VaultError.rollbackDetected("the records do not match the vault digest (a row was rolled back, removed or added)")
        }
    }

    // MARK: writes

    /// A write transaction with the meta row re-read and checked inside it.
    func write<R>(encryptions: Int64, _ body: (inout VaultDigest) throws -> R) throws -> R {
        lock.lock(); defer { lock.unlock() }
        return try Self.wrapSQLite {
            try db.writeTransaction {
                var meta = try Meta.read(db)
                guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
                guard constantTimeEquals(meta.digest.mac(keys.digest, vaultId: header.vaultId, epoch: epoch), meta.digestMAC) else {
                    throw VaultError.rollbackDetected("the vault digest does not authenticate")
                }
                guard meta.encCount + encryptions <= Self.nonceBudget else { throw VaultError.keyRotationRequired }
                let result = try body(&meta.digest)
                meta.digest.generation += 1
                try db.prepare("UPDATE vault_meta SET generation = ?, enc_count = ?, row_count = ?, digest_acc = ?, digest_mac = ? WHERE id = 1")
                    .bind(1, meta.digest.generation).bind(2, meta.encCount + encryptions).bind(3, meta.digest.rowCount)
                    .bind(4, meta.digest.accumulator).bind(5, meta.digest.mac(keys.digest, vaultId: header.vaultId, epoch: epoch))
                    .run()
                return result
            }
        }
    }

    func indexes(for item: VaultItem) -> (rp: [UInt8]?, cred: [UInt8]?) {
        switch item {
        case .password(let p): return (keys.index.authenticate(Array("domain".utf8), Array(p.host.utf8)), nil)
        case .passkey(let p): return (keys.index.authenticate(Array("rp".utf8), Array(p.rpId.utf8)), keys.index.authenticate(Array("cred".utf8), p.credentialId))
        case .appleID(let a): return (keys.index.authenticate(Array("apple".utf8), Array(a.clientId.utf8)), nil)
        case .appleIssuerKey: return (keys.index.authenticate(Array("apple-issuer".utf8)), nil)
        }
    }

    func insertRow(_ item: VaultItem, id: [UInt8], digest: inout VaultDigest) throws {
        try Self.validate(item)
        let plaintext = CBOREncoder.encode(item.cbor)
        let blob = try cipher.seal(plaintext, id: id, kind: item.kind.rawValue, version: 1, epoch: epoch)
        let idx = indexes(for: item)
        try db.prepare("INSERT INTO items(id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, blob) VALUES (?, ?, 1, ?, ?, ?, ?, ?)")
            .bind(1, id).bind(2, Int64(item.kind.rawValue)).bind(3, epoch).bind(4, idx.rp).bind(5, idx.cred)
            .bind(6, Int64(Date().timeIntervalSince1970)).bind(7, blob).run()
        digest.toggle(VaultDigest.rowMAC(keys.rowDigest, id: id, kind: item.kind.rawValue, version: 1, epoch: epoch, blob: blob))
        digest.rowCount += 1
    }

    /// Per-field caps, checked before anything is written.
    static func validate(_ item: VaultItem) throws {
        func cap(_ value: Int, _ limit: Int, _ what: String) throws {
            if value > limit { throw VaultError.tooLarge("\(what) is \(value) bytes; the limit is \(limit)") }
        }
        switch item {
        case .password(let p):
            try cap(p.domain.utf8.count, 2048, "domain"); try cap(p.username.utf8.count, 4096, "username")
            try cap(p.password.utf8.count, 64 * 1024, "password"); try cap(p.notes?.utf8.count ?? 0, 64 * 1024, "notes")
        case .passkey(let p):
            try cap(p.userHandle.count, 64, "user handle"); try cap(p.credentialId.count, 1023, "credential id")
            try cap(p.rpId.utf8.count, 253, "RP ID"); try cap(p.userName.utf8.count, 4096, "user name")
            try cap(p.userDisplayName.utf8.count, 4096, "display name"); try cap(p.privateKeyPKCS8.count, 4096, "private key")
        case .appleID(let a):
            try cap(a.email.utf8.count, 1024, "email"); try cap(a.identityToken?.utf8.count ?? 0, 16 * 1024, "identity token")
        case .appleIssuerKey(let k):
            try cap(k.privateKeyPKCS8.count, 4096, "issuer key")
        }
        for date in item.dates where !VaultItem.storableDates.contains(date.timeIntervalSince1970) {
            throw VaultError.storage("a date of \(date.timeIntervalSince1970) s since 1970 is outside the years 1970–9999")
        }
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

    struct Row { var id: [UInt8]; var kind: UInt8; var version: Int64; var epoch: Int64; var blob: [UInt8] }

    func readRow(id: [UInt8]) throws -> Row? {
        let row = try db.prepare("SELECT kind, version, key_epoch, blob FROM items WHERE id = ?").bind(1, id).firstRow { s -> Row? in
            guard let blob = s.blob(3) else { return nil }
            return Row(id: id, kind: UInt8(truncatingIfNeeded: s.int(0)), version: s.int(1), epoch: s.int(2), blob: blob)
        }
        return row ?? nil
    }

    /// Replaces an item's content (version + 1, fresh nonce).
    public func update(id: [UInt8], with item: VaultItem) throws {
        try modify(id: id) { _ in item }
    }

    /// Reads, changes and rewrites one item inside a single write transaction, so concurrent
    /// read-modify-write cycles from several processes never lose an update.
    public func modify(id: [UInt8], _ change: (VaultItem) throws -> VaultItem) throws {
        try write(encryptions: 1) { digest in
            guard let old = try readRow(id: id) else { throw VaultError.notFound("record \(Base64URL.encode(id))") }
            let item = try change(try decrypt(old))
            guard old.kind == item.kind.rawValue else { throw VaultError.storage("an update cannot change an item's kind") }
            try Self.validate(item)
            let version = old.version + 1
            let blob = try cipher.seal(CBOREncoder.encode(item.cbor), id: id, kind: old.kind, version: version, epoch: epoch)
            let idx = indexes(for: item)
            try db.prepare("UPDATE items SET version = ?, rp_idx = ?, cred_idx = ?, updated_at = ?, blob = ? WHERE id = ?")
                .bind(1, version).bind(2, idx.rp).bind(3, idx.cred).bind(4, Int64(Date().timeIntervalSince1970)).bind(5, blob).bind(6, id).run()
            digest.toggle(VaultDigest.rowMAC(keys.rowDigest, id: id, kind: old.kind, version: old.version, epoch: old.epoch, blob: old.blob))
            digest.toggle(VaultDigest.rowMAC(keys.rowDigest, id: id, kind: old.kind, version: version, epoch: epoch, blob: blob))
        }
    }

    public func remove(id: [UInt8]) throws {
        try write(encryptions: 0) { digest in try deleteRow(id: id, digest: &digest) }
    }

    /// Deletes one row inside a write, taking it out of the digest.
    func deleteRow(id: [UInt8], digest: inout VaultDigest) throws {
        guard let old = try readRow(id: id) else { throw VaultError.notFound("record \(Base64URL.encode(id))") }
        try db.prepare("DELETE FROM items WHERE id = ?").bind(1, id).run()
        digest.toggle(VaultDigest.rowMAC(keys.rowDigest, id: id, kind: old.kind, version: old.version, epoch: old.epoch, blob: old.blob))
        digest.rowCount -= 1
    }

    // MARK: reads

    func decrypt(_ row: Row) throws -> VaultItem {
        guard row.epoch == epoch else { throw VaultError.staleKeyEpoch }
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

    func decryptUncached(_ row: Row) throws -> VaultItem {
        guard let kind = VaultItem.Kind(rawValue: row.kind) else { throw VaultError.recordDamaged(id: Base64URL.encode(row.id)) }
        let plaintext = try cipher.open(row.blob, id: row.id, kind: row.kind, version: row.version, epoch: row.epoch)
        do {
            let cbor = try plaintext.withUnsafeBytes { try CBORDecoder(maxDepth: 8, maxInputLength: RecordCipher.maximumPlaintext).decode($0) }
            return try VaultItem(kind: kind, cbor: cbor)
        } catch {
            throw VaultError.recordDamaged(id: Base64URL.encode(row.id))
        }
    }

    public func item(id: [UInt8]) throws -> VaultItem? {
        lock.lock(); defer { lock.unlock() }
        return try Self.wrapSQLite { try readRow(id: id).map(decrypt) }
    }

    func query(_ sql: String, _ binds: [[UInt8]]) throws -> [(id: [UInt8], item: VaultItem)] {
        lock.lock(); defer { lock.unlock() }
        return try Self.wrapSQLite {
            let s = try db.prepare(sql)
            defer { s.reset() }
            for (i, b) in binds.enumerated() { try s.bind(Int32(i + 1), b) }
            var rows: [Row] = []
            while try s.step() {
                guard let id = s.blob(0), let blob = s.blob(4) else { continue }
                rows.append(Row(id: id, kind: UInt8(truncatingIfNeeded: s.int(1)), version: s.int(2), epoch: s.int(3), blob: blob))
            }
            return try rows.map { ($0.id, try decrypt($0)) }
        }
    }

    /// Every item, optionally of one kind.
    public func items(kind: VaultItem.Kind? = nil) throws -> [(id: [UInt8], item: VaultItem)] {
        if let kind {
            return try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE kind = \(kind.rawValue)", [])
        }
        return try query("SELECT id, kind, version, key_epoch, blob FROM items", [])
    }

    /// Passkeys for an RP, through the rp blind index (equality only, never LIKE).
    public func passkeys(rpId: String) throws -> [(id: [UInt8], item: PasskeyItem)] {
        let idx = keys.index.authenticate(Array("rp".utf8), Array(rpId.utf8))
        return try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE rp_idx = ? AND kind = 2", [idx]).compactMap {
            if case .passkey(let p) = $0.item, p.rpId == rpId { return ($0.id, p) }
            return nil
        }
    }

    public func passkey(credentialId: [UInt8]) throws -> (id: [UInt8], item: PasskeyItem)? {
        let idx = keys.index.authenticate(Array("cred".utf8), credentialId)
        let matches: [(id: [UInt8], item: PasskeyItem)] = try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE cred_idx = ? AND kind = 2", [idx]).compactMap {
            if case .passkey(let p) = $0.item, p.credentialId == credentialId { return ($0.id, p) }
            return nil
        }
        return matches.first
    }

    /// Passwords saved for exactly this host (the picker asks for each parent domain in turn).
    public func passwords(host: String) throws -> [(id: [UInt8], item: PasswordItem)] {
        let idx = keys.index.authenticate(Array("domain".utf8), Array(host.lowercased().utf8))
        return try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE rp_idx = ? AND kind = 1", [idx]).compactMap {
            if case .password(let p) = $0.item, p.host == host.lowercased() { return ($0.id, p) }
            return nil
        }
    }

    /// Sign in with Apple credentials for one client (Services ID).
    public func appleIDs(clientId: String) throws -> [(id: [UInt8], item: AppleIDItem)] {
        let idx = keys.index.authenticate(Array("apple".utf8), Array(clientId.utf8))
        return try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE rp_idx = ? AND kind = 3", [idx]).compactMap {
            if case .appleID(let a) = $0.item, a.clientId == clientId { return ($0.id, a) }
            return nil
        }
    }

    /// The Apple ID issuer key, if one was made.
    public func appleIssuerKey() throws -> AppleIssuerKeyItem? {
        let idx = keys.index.authenticate(Array("apple-issuer".utf8))
        return try query("SELECT id, kind, version, key_epoch, blob FROM items WHERE rp_idx = ? AND kind = 4", [idx]).compactMap {
            if case .appleIssuerKey(let k) = $0.item { return k }
            return nil
        }.first
    }

    public var count: Int {
        lock.lock(); defer { lock.unlock() }
        return (try? Self.wrapSQLite { () -> Int in
            Int(try db.prepare("SELECT count(*) FROM items").firstRow { $0.int(0) } ?? 0)
        }) ?? 0
    }

    // MARK: vault-wide operations

    /// Re-wraps the vault key under a new passphrase (new salt, optional new KDF parameters).
    /// scrypt runs before the transaction; the switch is one single-row update.
    public func changePassphrase(to newPassphrase: [UInt8], kdf: Scrypt.Parameters? = nil) throws {
        guard !newPassphrase.isEmpty else { throw VaultError.invalidPassphrase("the new passphrase is empty") }
        var newHeader = header
        newHeader.salt = SystemRandom.bytes(32)
        if let kdf { try VaultHeader.checkParameters(kdf); newHeader.kdf = kdf }
        let passKeys = try PassphraseKeys(passphrase: newPassphrase, header: newHeader)
        let vaultKey = try unwrapVaultKey()
        lock.lock(); defer { lock.unlock() }
        try Self.wrapSQLite {
            try db.writeTransaction {
                let meta = try Meta.read(db)
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
        let meta = try Self.wrapSQLite { try Meta.read(db) }
        guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
        do {
            return try AESGCM.open(try AESGCM.SealedBox(combined: meta.wrappedVK), key: wrapKey, aad: meta.header + epoch.bigEndianBytes)
        } catch { throw VaultError.staleKeyEpoch }
    }

    /// A new vault key: every record is re-encrypted (and its blind indexes recomputed) in one
    /// transaction, so the vault is all old or all new.
    public func rotateKey() throws {
        let newKey = SystemRandom.privateBytes(32)
        let newEpoch = epoch + 1
        let newKeys = try RecordKeys(vaultKey: newKey, vaultId: header.vaultId, epoch: newEpoch)
        lock.lock(); defer { lock.unlock() }
        try Self.wrapSQLite {
            try db.writeTransaction {
                let meta = try Meta.read(db)
                guard meta.epoch == epoch else { throw VaultError.staleKeyEpoch }
                var rows: [Row] = []
                let s = try db.prepare("SELECT id, kind, version, key_epoch, blob FROM items")
                while try s.step() {
                    rows.append(Row(id: s.blob(0) ?? [], kind: UInt8(truncatingIfNeeded: s.int(1)), version: s.int(2), epoch: s.int(3), blob: s.blob(4) ?? []))
                }
                let oldKeys = keys
                var digest = VaultDigest.empty
                digest.generation = meta.digest.generation + 1
                let newCipher = RecordCipher(key: newKeys.record, vaultId: header.vaultId)
                for row in rows {
                    let item = try decryptUncached(row)
                    let blob = try newCipher.seal(CBOREncoder.encode(item.cbor), id: row.id, kind: row.kind, version: row.version, epoch: newEpoch)
                    keys = newKeys
                    let idx = indexes(for: item)
                    keys = oldKeys
                    try db.prepare("UPDATE items SET key_epoch = ?, rp_idx = ?, cred_idx = ?, blob = ? WHERE id = ?")
                        .bind(1, newEpoch).bind(2, idx.rp).bind(3, idx.cred).bind(4, blob).bind(5, row.id).run()
                    digest.toggle(VaultDigest.rowMAC(newKeys.rowDigest, id: row.id, kind: row.kind, version: row.version, epoch: newEpoch, blob: blob))
                    digest.rowCount += 1
                }
                try db.prepare("UPDATE vault_meta SET wrapped_vk = ?, key_epoch = ?, generation = ?, enc_count = ?, row_count = ?, digest_acc = ?, digest_mac = ? WHERE id = 1")
                    .bind(1, try Self.wrap(newKey, with: wrapKey, header: header, epoch: newEpoch)).bind(2, newEpoch)
                    .bind(3, digest.generation).bind(4, Int64(rows.count)).bind(5, digest.rowCount).bind(6, digest.accumulator)
                    .bind(7, digest.mac(newKeys.digest, vaultId: header.vaultId, epoch: newEpoch)).run()
            }
            try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        keys = newKeys
        epoch = newEpoch
        decrypted.removeAll()
    }

    public struct CheckReport: Sendable {
        public var records: Int
        public var sqliteIntegrity: Bool
    }

    /// Verifies the header, SQLite's own integrity, the digest, and decrypts every record.
    public func check() throws -> CheckReport {
        let meta = try Self.wrapSQLite { () -> Meta in
            guard db.integrityCheck() else { throw VaultError.headerDamaged("SQLite integrity_check failed") }
            try VaultSchema.check(db)
            return try Meta.read(db)
        }
        guard constantTimeEquals(Digest.sha256(meta.header), meta.headerSHA256) else { throw VaultError.headerDamaged("header checksum mismatch") }
        try verifyDigest()
        lock.lock()
        decrypted.removeAll()
        lock.unlock()
        let all = try items()
        return CheckReport(records: all.count, sqliteIntegrity: true)
    }

    /// A consistent copy through SQLite's online backup API (never a file copy of a live WAL database).
    public func backup(to destination: String) throws {
        lock.lock(); defer { lock.unlock() }
        try Self.wrapSQLite { try db.backup(to: destination) }
    }

    /// Sets the nonce counter inside a write transaction (tests of the budget use it).
    func setEncryptionCountForTesting(_ n: Int64) throws {
        lock.lock(); defer { lock.unlock() }
        try Self.wrapSQLite { try db.writeTransaction { try db.prepare("UPDATE vault_meta SET enc_count = ? WHERE id = 1").bind(1, n).run() } }
    }

    /// The nonce counter of the current key (for tests and `check`).
    public var encryptionCount: Int64 { (try? Self.wrapSQLite { try Meta.read(db) }.encCount) ?? 0 }
}
