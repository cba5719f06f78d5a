import CBOR
import Foundation
import LatchkeyCrypto
import SQLite
import TestSupport
import Testing

@testable import Vault

/// Integrity findings of a hostile review, each fixed and pinned here.
@Suite struct VaultIntegrityTests {
    /// A trigger that takes an index's name (and the index dropped) is refused: objects are
    /// compared by type, name, table and SQL, not by name.
    @Test func aTriggerNamedLikeAnIndexIsRefused() throws {
        let path = temporaryVaultPath()
        _ = try makeVault(path)
        try tamper(path, "DROP INDEX items_rp")
        try tamper(path, "CREATE TRIGGER items_rp AFTER INSERT ON items BEGIN DELETE FROM items; END")
        #expect(
            expectVaultError({
                if case .schemaRejected = $0 { return true }
                return false
            }) { _ = try Vault.open(at: path, passphrase: passphrase) })
    }

    /// A blind index moved to NULL or to another row's value hides the item from lookups: the
    /// digest covers both index columns, so unlock refuses the file.
    @Test func blindIndexEditsAreDetected() throws {
        for sql in [
            "UPDATE items SET rp_idx = NULL", "UPDATE items SET cred_idx = NULL", "UPDATE items SET kind = kind + 256",
            "UPDATE items SET rp_idx = CAST(rp_idx AS TEXT)",
        ] {
            let path = temporaryVaultPath()
            let v = try makeVault(path)
            try v.add(
                .passkey(
                    PasskeyItem(
                        credentialId: [1], rpId: "example.com", rpName: nil, userName: "u", userDisplayName: "U",
                        userHandle: [1], privateKeyPKCS8: try P256PrivateKey.generate().pkcs8.bytes, discoverable: true,
                        backupEligible: true, backupState: true, counterMode: .zero, signCount: 0, aaguid: .zero,
                        profile: "icloud", prfSecret: nil, createdAt: Date(), lastUsedAt: nil)))
            try tamper(path, sql)
            #expect(throws: VaultError.self, "\(sql)") { _ = try Vault.open(at: path, passphrase: passphrase) }
        }
    }

    /// Rolling the GCM nonce count back (to reuse nonces) breaks the digest MAC.
    @Test func nonceCountRollbackIsDetected() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        for i in 0..<3 { try v.add(samplePassword(i)) }
        try tamper(path, "UPDATE vault_meta SET enc_count = 0")
        #expect(
            expectVaultError({
                if case .rollbackDetected = $0 { return true }
                return false
            }) { _ = try Vault.open(at: path, passphrase: passphrase) })
    }

    /// Removing a planted row (too short to be a record) is a typed error, and the vault stays
    /// as it was: remove authenticates the row before taking it out of the digest.
    @Test func removingAPlantedRowIsATypedError() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let keep = try v.add(samplePassword(1))
        let planted: [UInt8] = [7, 7, 7]
        try tamper(
            path,
            "INSERT INTO items(id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, blob) VALUES (?, 1, 1, 1, NULL, NULL, 0, ?)",
            binds: [planted, [1, 2, 3]])
        #expect(throws: VaultError.self) { try v.remove(id: planted) }
        try tamper(path, "DELETE FROM items WHERE id = ?", binds: [planted])
        #expect(try Vault.open(at: path, passphrase: passphrase).item(id: keep) != nil)
    }

    /// KDF parameters from a file are capped as a whole: logN 20 with p 4 (4× the largest
    /// vault init makes) is refused as damage before any scrypt work, with no memory spent.
    @Test func kdfWorkIsCappedAsAWhole() throws {
        #expect(throws: VaultError.self) { try VaultHeader.checkParameters(.init(logN: 20, r: 8, p: 4)) }
        #expect(throws: VaultError.self) { try VaultHeader.checkParameters(.init(logN: 19, r: 8, p: 4)) }
        #expect(throws: Never.self) { try VaultHeader.checkParameters(.init(logN: 20, r: 8, p: 1)) }
        #expect(throws: Never.self) { try VaultHeader.checkParameters(.init(logN: 18, r: 8, p: 4)) }
        let path = temporaryVaultPath()
        _ = try makeVault(path)
        let db = try Database(path: path)
        var header = try #require(try db.prepare("SELECT header FROM vault_meta").firstRow { $0.blob(0)! })
        header[23] = 20
        header[25] = 4
        try tamper(path, "UPDATE vault_meta SET header = ?, header_sha256 = ?", binds: [header, Digest.sha256(header)])
        expectRefusedAsDamageWithoutAllocating(path)
    }

    /// `check` recomputes each record's blind indexes from its decrypted content.
    @Test func checkRecomputesBlindIndexes() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        try v.add(samplePassword(1))
        try v.add(.password(PasswordItem(domain: "other.example", username: "x", password: "y")))
        #expect(try v.check().records == 2)
        // Two rows trade their indexes: each still carries a valid index value of this vault.
        // (The digest catches this too; `check` names the damaged record.)
        let ids = try rows(path).map(\.id)
        let db = try Database(path: path)
        let idx = try ids.map { id in
            try #require(try db.prepare("SELECT rp_idx FROM items WHERE id = ?").bind(1, id).firstRow { $0.blob(0) } ?? nil)
        }
        try tamper(path, "UPDATE items SET rp_idx = ? WHERE id = ?", binds: [idx[1], ids[0]])
        #expect(throws: VaultError.self) { _ = try v.check() }
    }

    /// A stored passkey whose counter mode is unknown is damage, not a silent `zero`.
    @Test func unknownCounterModeFromTheVaultIsRefused() throws {
        let item = PasskeyItem(
            credentialId: [1], rpId: "example.com", rpName: nil, userName: "u", userDisplayName: "U", userHandle: [1],
            privateKeyPKCS8: [1], discoverable: true, backupEligible: false, backupState: false, counterMode: .perCredential,
            signCount: 3, aaguid: .zero, profile: "security-key", prfSecret: nil, createdAt: Date(), lastUsedAt: nil)
        guard case .map(let fields) = VaultItem.passkey(item).cbor else {
            Issue.record("not a map")
            return
        }
        #expect(try VaultItem(kind: .passkey, cbor: .map(fields)) == .passkey(item))
        let bogus = fields.map { $0.0 == .text("counterMode") ? ($0.0, .text("sometimes")) : $0 }
        #expect(throws: VaultError.self) { try VaultItem(kind: .passkey, cbor: .map(bogus)) }
    }
}
