import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// vault import: lossless round trips, range-checked numbers, duplicates, and RP ID rules.
@Suite struct ImportRulesTests {
    let psl = try! PublicSuffixList.loadSystem()

    func passkey(_ id: UInt8, rpId: String = "example.com", name: String = "alice", key: [UInt8]? = nil) throws -> PasskeyItem {
        PasskeyItem(
            credentialId: [id, 2, 3], rpId: rpId, rpName: "Example \(id)", userName: name, userDisplayName: "Alice \(id)",
            userHandle: [id], privateKeyPKCS8: try key ?? P256PrivateKey.generate().pkcs8.bytes, discoverable: false,
            backupEligible: false, backupState: false, counterMode: .perCredential, signCount: 0,
            aaguid: AAGUID("6c617463-686b-6579-2d73-65632d6b6579")!, profile: "security-key",
            prfSecret: (0..<64).map { UInt8($0) }, createdAt: Date(timeIntervalSince1970: 1_800_000_000.123),
            lastUsedAt: Date(timeIntervalSince1970: 1_800_000_500.456))
    }

    func roundTrip(_ items: [VaultItem]) throws -> [VaultItem] {
        let (doc, skipped) = CXFDocument.export(items)
        #expect(skipped.isEmpty)
        let decoded = try WebAuthnJSON.decode(CXFDocument.self, from: WebAuthnJSON.encode(doc))
        return try decoded.vaultItems(publicSuffixList: psl)
    }

    @Test func exportThenImportLosesNoField() throws {
        let password = PasswordItem(
            domain: "https://login.example.com:8443/path", username: "bob", password: "s3cret",
            notes: "recovery codes: 1234 5678", includeSubdomains: true,
            createdAt: Date(timeIntervalSince1970: 1_700_000_000.5), updatedAt: Date(timeIntervalSince1970: 1_750_000_000.25))
        let plain = PasswordItem(
            domain: "example.org", username: "carol", password: "x", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
            updatedAt: Date(timeIntervalSince1970: 1_700_000_000))
        let items: [VaultItem] = [.password(password), .password(plain), .passkey(try passkey(1))]
        #expect(try roundTrip(items) == items)
        // And through a real vault and back.
        let vault = try makeVault()
        #expect(try vault.importItems(try roundTrip(items)).imported == 3)
        #expect(Set(try vault.items().map { "\($0.item)" }) == Set(items.map { "\($0)" }))
    }

    @Test(arguments: ["1e16", "9223372036854775807", "-9223372036854775808", "-1", "253402300800", "1.5", "1e300", "\"1\"", "NaN"])
    func outOfRangeNumbersAreTypedErrors(_ number: String) throws {
        let json =
            #"{"version":{"major":1,"minor":0},"exporterRpId":"x","exporterDisplayName":"x","timestamp":0,"accounts":[{"id":"a","username":"","email":"","items":[{"id":"i","creationAt":"#
            + number
            + #","title":"t","credentials":[{"type":"basic-auth","username":{"fieldType":"string","value":"u"},"password":{"fieldType":"concealed-string","value":"p"}}]}]}]}"#
        // Either the document refuses to decode, or the conversion refuses the value: never a trap.
        guard let doc = try? WebAuthnJSON.decode(CXFDocument.self, from: Array(json.utf8)) else { return }
        #expect(throws: VaultError.self) { try doc.vaultItems(publicSuffixList: psl) }
    }

    @Test func duplicatesAreSkippedAndConflictsRefused() throws {
        let vault = try makeVault()
        let key = try P256PrivateKey.generate().pkcs8.bytes
        let stored = try passkey(1, key: key)
        try vault.add(.passkey(stored))
        try vault.add(.password(PasswordItem(domain: "example.com", username: "alice", password: "one")))

        // The same passkey and password again: skipped, nothing duplicated.
        var report = try vault.importItems([
            .passkey(stored), .password(PasswordItem(domain: "example.com", username: "alice", password: "one")),
        ])
        #expect(report.imported == 0 && report.identical.count == 2 && report.conflicting.isEmpty)
        #expect(try vault.count == 2)
        // The report names a password's site with its port: another port is another site.
        let onPort = PasswordItem(domain: "https://example.com:8443", username: "alice", password: "p")
        #expect(try vault.importItems([.password(onPort)]).imported == 1)
        #expect(try vault.importItems([.password(onPort)]).identical == ["password for alice at example.com:8443"])
        try vault.remove(id: try #require(vault.passwords(host: "example.com").first { $0.item.port == 8443 }?.id))

        // The same credential ID for another RP would shadow the stored passkey: refused, and
        // nothing of that import is written, not even its harmless items.
        report = try vault.importItems([
            .passkey(try passkey(1, rpId: "evil.example", key: key)),
            .password(PasswordItem(domain: "new.example", username: "dave", password: "d")),
        ])
        #expect(report.conflicting.count == 1 && report.imported == 0)
        #expect(try vault.count == 2)
        #expect(try vault.passkey(credentialId: stored.credentialId)?.item.rpId == "example.com")

        // Another password for the same site and user conflicts; so do two copies in one file.
        report = try vault.importItems([.password(PasswordItem(domain: "example.com", username: "alice", password: "two"))])
        #expect(report.conflicting.count == 1)
        // The same user on another port of the site is another credential, not a conflict.
        report = try vault.importItems([.password(PasswordItem(domain: "https://example.com:8443", username: "alice", password: "two"))])
        #expect(report.imported == 1 && report.conflicting.isEmpty)
        let twin = try passkey(9)
        var other = twin
        other.userName = "mallory"
        report = try vault.importItems([.passkey(twin), .passkey(other)])
        #expect(try report.conflicting.count == 1 && vault.count == 3)
    }

    @Test(arguments: ["", "com", "co.uk", "github.io", "Example.com", "exa mple.com", "192.168.1.1", ".example.com", "example..com"])
    func importedRPIDsPassTheCreateRules(_ rpId: String) throws {
        let (doc, _) = CXFDocument.export([.passkey(try passkey(1, rpId: rpId))])
        #expect(throws: VaultError.self) { try doc.vaultItems(publicSuffixList: psl) }
    }

    @Test func aDiscoverableReplacementIsOneTransaction() throws {
        let vault = try makeVault()
        let store = VaultCredentialStore(vault: vault)
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: store)
        let request = { (name: String) in
            MakeCredentialRequest(
                clientDataHash: Digest.sha256(name), rpId: "example.com", userHandle: [7], userName: name,
                userDisplayName: name, pubKeyCredParams: [.init(alg: .es256)], residentKey: true)
        }
        let first = try authenticator.makeCredential(request("alice"))
        // The replacement's insert fails (a user name over the vault's cap): the old passkey stays.
        #expect(throws: (any Error).self) { _ = try authenticator.makeCredential(request(String(repeating: "a", count: 5000))) }
        #expect(try store.credential(id: first.credentialId) != nil)
        // A good replacement removes the old one.
        let second = try authenticator.makeCredential(request("alice2"))
        #expect(try store.credential(id: first.credentialId) == nil && store.credential(id: second.credentialId) != nil)
    }
}
