import Foundation
import LatchkeyCrypto
import SQLite
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// docs/design/vault-design.md §3.3, §3.5 and §3.7: a changed, swapped, rolled-back, deleted or duplicated record is
/// damage the vault reports, never data it returns.
@Suite struct VaultRecordTamperTests {
    // §3.3 and §3.7
    @Test func bitFlipsInEveryBlobRegionAreRecordDamage() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let target = try v.add(samplePassword(1))
        let other = try v.add(samplePassword(2))
        let original = try #require(try rows(path).first { $0.id == target }).blob
        for i in 0..<original.count {
            var flipped = original
            flipped[i] ^= 0x01
            try tamper(path, "UPDATE items SET blob = ? WHERE id = ?", binds: [flipped, target])
            #expect(expectVaultError({ $0 == .recordDamaged(id: hex(target)) }) { _ = try v.item(id: target) }, "byte \(i)")
            #expect(try v.item(id: other) == samplePassword(2))
        }
        // Downgrade: an unknown format byte, and a truncated tag.
        for bad in [[0x00] + original.dropFirst(), [0x02] + original.dropFirst(), Array(original.dropLast(4))] {
            try tamper(path, "UPDATE items SET blob = ? WHERE id = ?", binds: [bad, target])
            #expect(expectVaultError({ $0 == .recordDamaged(id: hex(target)) }) { _ = try v.item(id: target) })
        }
        // And unlocking now reports the tampering instead of opening.
        #expect(expectVaultError({ $0.isDamage }) { _ = try Vault.open(at: path, passphrase: passphrase) })
    }

    // §3.4
    @Test func rowSwapsKindChangesAndTransplantsFail() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let a = try v.add(samplePassword(1))
        let b = try v.add(samplePassword(2))
        let r = try rows(path)
        let blobA = r.first { $0.id == a }!.blob
        let blobB = r.first { $0.id == b }!.blob
        try tamper(path, "UPDATE items SET blob = ? WHERE id = ?", binds: [blobB, a])
        #expect(expectVaultError({ $0 == .recordDamaged(id: hex(a)) }) { _ = try v.item(id: a) })
        try tamper(path, "UPDATE items SET blob = ? WHERE id = ?", binds: [blobA, a])
        #expect(try v.item(id: a) == samplePassword(1))
        try tamper(path, "UPDATE items SET kind = 3 WHERE id = ?", binds: [a])
        #expect(expectVaultError({ $0.isDamage }) { _ = try v.item(id: a) })
        try tamper(path, "UPDATE items SET kind = 1, key_epoch = 2 WHERE id = ?", binds: [a])
        #expect(expectVaultError({ _ in true }) { _ = try v.item(id: a) })
        try tamper(path, "UPDATE items SET key_epoch = 1 WHERE id = ?", binds: [a])
        // Transplant into another vault with the same passphrase, same id.
        let otherPath = temporaryVaultPath()
        let other = try makeVault(otherPath)
        try tamper(
            otherPath,
            "INSERT INTO items(id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, blob) VALUES (?, 1, 1, 1, NULL, NULL, 0, ?)",
            binds: [a, blobA])
        #expect(expectVaultError({ $0 == .recordDamaged(id: hex(a)) }) { _ = try other.item(id: a) })
    }

    // §3.5
    @Test func singleRowRollbackDeletionAndDuplicationAreDetected() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let id = try v.add(samplePassword(1))
        let keep = try v.add(samplePassword(9))
        let v1 = try #require(try rows(path).first { $0.id == id })
        try v.update(id: id, with: samplePassword(2))
        #expect(throws: Never.self) { _ = try Vault.open(at: path, passphrase: passphrase) }
        try tamper(path, "UPDATE items SET version = 1, blob = ? WHERE id = ?", binds: [v1.blob, id])
        // The rolled-back row decrypts on its own (its AAD is consistent): only the digest catches it.
        #expect(try v.item(id: id) == samplePassword(1))
        #expect(
            expectVaultError({
                if case .rollbackDetected = $0 { return true }
                return false
            }) { _ = try Vault.open(at: path, passphrase: passphrase) })

        let p2 = temporaryVaultPath()
        let w = try makeVault(p2)
        let x = try w.add(samplePassword(1))
        _ = try w.add(samplePassword(2))
        try tamper(p2, "DELETE FROM items WHERE id = ?", binds: [x])
        #expect(
            expectVaultError({
                if case .rollbackDetected = $0 { return true }
                return false
            }) { _ = try Vault.open(at: p2, passphrase: passphrase) })

        let p3 = temporaryVaultPath()
        let z = try makeVault(p3)
        let y = try z.add(samplePassword(1))
        let row = try #require(try rows(p3).first)
        try tamper(
            p3, "INSERT INTO items(id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, blob) VALUES (?, 1, 1, 1, NULL, NULL, 0, ?)",
            binds: [SystemRandom.bytes(16), row.blob])
        #expect(
            expectVaultError({
                if case .rollbackDetected = $0 { return true }
                return false
            }) { _ = try Vault.open(at: p3, passphrase: passphrase) })
        _ = (keep, y)
    }
}
