import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import Vault

@Suite struct VaultBasicsTests {
    @Test func createAddReopenAndRead() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let id = try v.add(samplePassword(1))
        try v.update(id: id, with: samplePassword(2))
        let other = try v.add(samplePassword(3))
        try v.remove(id: other)
        let reopened = try Vault.open(at: path, passphrase: passphrase)
        #expect(try reopened.item(id: id) == samplePassword(2))
        #expect(try reopened.item(id: other) == nil)
        #expect(try reopened.check().records == 1)
        let attrs = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attrs[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func blindIndexLookups() throws {
        let v = try makeVault()
        try v.add(.password(PasswordItem(domain: "https://login.example.com/path", username: "a", password: "p")))
        try v.add(.password(PasswordItem(domain: "b.example", username: "b", password: "q")))
        #expect(try v.passwords(host: "login.example.com").map(\.item.username) == ["a"])
        #expect(try v.passwords(host: "b.example").map(\.item.username) == ["b"])
        // Equality through the blind index, never LIKE: wildcards match nothing.
        #expect(try v.passwords(host: "%").isEmpty)
        #expect(try v.passwords(host: "_.example").isEmpty)
    }

    @Test func creationRules() throws {
        let path = temporaryVaultPath()
        #expect(
            expectVaultError({
                if case .invalidPassphrase = $0 { return true }
                return false
            }) {
                _ = try Vault.create(at: path, passphrase: [], kdf: testKDF)
            })
        #expect(
            expectVaultError({
                if case .unsupportedParameters = $0 { return true }
                return false
            }) {
                _ = try Vault.create(at: path, passphrase: passphrase, kdf: .init(logN: 9))
            })
        _ = try makeVault(path)
        #expect(
            expectVaultError({
                if case .alreadyExists = $0 { return true }
                return false
            }) { _ = try makeVault(path) })
    }
}
