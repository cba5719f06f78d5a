import Foundation
import LatchkeyCrypto
import SQLite
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// docs/design/vault-design.md §3.15 and §3.20: key epochs, the nonce budget and key rotation.
@Suite struct VaultKeyEpochTests {
    // §3.15
    @Test func staleKeyEpochStopsWrites() throws {
        let path = temporaryVaultPath()
        let a = try makeVault(path)
        try a.add(samplePassword(1))
        let b = try Vault.open(at: path, passphrase: passphrase)
        try b.rotateKey()
        #expect(expectVaultError({ $0 == .staleKeyEpoch }) { try a.add(samplePassword(2)) })
        #expect(try Vault.open(at: path, passphrase: passphrase).count == 1)
        #expect(try b.check().records == 1)
    }

    // §3.20
    @Test func nonceBudgetAndUniqueness() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let items = (0..<20_000).map { samplePassword($0) }
        try v.addAll(items)
        #expect(v.encryptionCount == 20_000)
        let nonces = Set(try rows(path).map { Array($0.blob[1..<13]) })
        #expect(nonces.count == 20_000)
        try v.setEncryptionCountForTesting(Vault.nonceBudget)
        #expect(expectVaultError({ $0 == .keyRotationRequired }) { try v.add(samplePassword()) })
        try v.rotateKey()
        #expect(v.encryptionCount == 20_000)
        #expect(throws: Never.self) { try v.add(samplePassword()) }
    }

    @Test func rotationReencryptsEverythingAndKeepsLookups() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        try v.add(.password(PasswordItem(domain: "a.example", username: "u", password: "p")))
        let before = try rows(path).map(\.blob)
        try v.rotateKey()
        let after = try rows(path)
        #expect(after.allSatisfy { $0.epoch == 2 } && Set(after.map(\.blob)).isDisjoint(with: Set(before)))
        #expect(try v.passwords(host: "a.example").count == 1)
        #expect(try Vault.open(at: path, passphrase: passphrase).check().records == 1)
    }
}
