import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import WebAuthn

@testable import Vault

@Suite struct ExportImportTests {
    /// A vault holding two passkeys made by the authenticator (one counter-0, one counting) and a password.
    func populatedVault() throws -> (Vault, SoftwareAuthenticator) {
        let vault = try makeVault()
        let store = VaultCredentialStore(vault: vault)
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: store)
        let request = { (user: UInt8) in
            MakeCredentialRequest(
                clientDataHash: Digest.sha256([user]), rpId: "example.com", userHandle: [user], userName: "user\(user)",
                userDisplayName: "User \(user)", pubKeyCredParams: [.init(alg: .es256)])
        }
        _ = try authenticator.makeCredential(request(1))
        authenticator.profile = .securityKey
        let counting = try authenticator.makeCredential(request(2))
        _ = try authenticator.getAssertion(
            GetAssertionRequest(rpId: "example.com", clientDataHash: Digest.sha256("x"), allowList: [counting.credentialId]))
        try vault.add(.password(PasswordItem(domain: "example.com", username: "alice", password: "p@ss\u{0}word 🔑")))
        return (vault, authenticator)
    }

    @Test func encryptedExportRoundTripsIntoAFreshVault() throws {
        let (vault, _) = try populatedVault()
        let (doc, skipped) = CXFDocument.export(try vault.items().map(\.item))
        #expect(skipped.count == 1 && skipped[0].reason.contains("counter"))
        let file = try AgeFile.encrypt(WebAuthnJSON.encode(doc), passphrase: Array("export pass".utf8), logN: 10)
        #expect(!String(decoding: file, as: UTF8.self).contains("alice"))

        let opened = try AgeFile.decrypt(file, passphrase: Array("export pass".utf8), limit: ExportContainer.maximumPayload)
        let imported = try WebAuthnJSON.decode(CXFDocument.self, from: opened).vaultItems(
            publicSuffixList: try PublicSuffixList.loadSystem())
        let fresh = try makeVault()
        try fresh.addAll(imported)
        let passwords = try fresh.items(kind: .password).map(\.item)
        #expect(passwords.count == 1)
        guard case .password(let p) = passwords[0] else { return }
        #expect(p.username == "alice" && p.password == "p@ss\u{0}word 🔑")

        // The imported passkey signs with the same key: an assertion verifies with the original public key.
        let originals = try vault.passkeys(rpId: "example.com").map(\.item).filter { $0.signCount == 0 }
        let original = try #require(originals.first)
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: VaultCredentialStore(vault: fresh))
        let cdh = Digest.sha256("login")
        let assertion = try authenticator.getAssertion(
            GetAssertionRequest(rpId: "example.com", clientDataHash: cdh, allowList: [original.credentialId]))
        let publicKey = try P256PrivateKey(pkcs8: original.privateKeyPKCS8).publicKey.verifyingKey()
        #expect(try publicKey.verify(signature: assertion.signature, message: assertion.authenticatorData + cdh, algorithm: .es256))
        let importedPasskey = try #require(try fresh.passkey(credentialId: original.credentialId)?.item)
        #expect(importedPasskey.signCount == 0 && importedPasskey.userHandle == original.userHandle)
    }

    /// A credProtect level survives export and import (an importer must not weaken it), and an
    /// unknown level in a file is refused rather than read as a weaker one.
    @Test func credProtectSurvivesExportAndImport() throws {
        let vault = try makeVault()
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: VaultCredentialStore(vault: vault))
        let made = try authenticator.makeCredential(
            MakeCredentialRequest(
                clientDataHash: Digest.sha256("c"), rpId: "example.com", userHandle: [9], userName: "nine", userDisplayName: "Nine",
                pubKeyCredParams: [.init(alg: .es256)], credProtect: .userVerificationRequired))
        let (doc, _) = CXFDocument.export(try vault.items().map(\.item))
        let json = try WebAuthnJSON.encode(doc)
        let imported = try WebAuthnJSON.decode(CXFDocument.self, from: json).vaultItems(publicSuffixList: try PublicSuffixList.loadSystem())
        guard case .passkey(let p)? = imported.first else {
            Issue.record("no passkey imported")
            return
        }
        #expect(p.credentialId == made.credentialId && p.credProtect == .userVerificationRequired)
        let bad = Array(String(decoding: json, as: UTF8.self).replacingOccurrences(of: #""credProtect":3"#, with: #""credProtect":7"#).utf8)
        #expect(bad != json, "the export carries the level")
        #expect(throws: VaultError.self) {
            try WebAuthnJSON.decode(CXFDocument.self, from: bad).vaultItems(publicSuffixList: try PublicSuffixList.loadSystem())
        }
    }

    @Test func tamperedOrTruncatedExportsImportNothing() throws {
        let (vault, _) = try populatedVault()
        let (doc, _) = CXFDocument.export(try vault.items().map(\.item))
        let payload = WebAuthnJSON.encode(doc) + [UInt8](repeating: 0x20, count: 150_000) // three chunks
        let file = try ExportContainer.seal(payload, passphrase: Array("pw".utf8), kdf: testKDF)
        #expect(try ExportContainer.open(file, passphrase: Array("pw".utf8)) == payload)
        #expect(expectVaultError({ $0 == .wrongPassphrase }) { _ = try ExportContainer.open(file, passphrase: Array("wrong".utf8)) })
        var rng = SplitMix64(seed: 0xE4)
        for position in [5, 40, 100, 130, file.count / 2, file.count - 1] + (0..<40).map({ _ in Int(rng.next() % UInt64(file.count)) }) {
            var bad = file
            bad[position] ^= 0x10
            #expect(throws: (any Error).self) { _ = try ExportContainer.open(bad, passphrase: Array("pw".utf8)) }
        }
        // Dropping the final chunk, or appending data, is detected.
        let chunkBytes = 64 * 1024 + 16
        #expect(throws: VaultError.self) {
            _ = try ExportContainer.open(
                Array(file.dropLast(file.count - (4 + 3 + 32 + 16 + 60 + 32 + chunkBytes))), passphrase: Array("pw".utf8))
        }
        #expect(throws: VaultError.self) { _ = try ExportContainer.open(file + [0], passphrase: Array("pw".utf8)) }
        #expect(throws: VaultError.self) { _ = try ExportContainer.open(Array(file.prefix(50)), passphrase: Array("pw".utf8)) }
    }

    @Test func malformedCXFImportsNothing() throws {
        let fresh = try makeVault()
        let bad =
            #"{"version":{"major":1,"minor":0},"exporterRpId":"x","exporterDisplayName":"x","timestamp":0,"accounts":[{"id":"a","username":"","email":"","items":[{"id":"i","title":"t","credentials":[{"type":"basic-auth","username":{"fieldType":"string","value":"u"},"password":{"fieldType":"concealed-string","value":"p"}}]},{"id":"j","title":"t","credentials":[{"type":"passkey","credentialId":"AAAA","rpId":"e.com","username":"u","userHandle":"AQ","key":"AAAA"}]}]}]}"#
        let doc = try WebAuthnJSON.decode(CXFDocument.self, from: Array(bad.utf8))
        #expect(throws: VaultError.self) { try fresh.addAll(try doc.vaultItems(publicSuffixList: try PublicSuffixList.loadSystem())) }
        #expect(try fresh.count == 0)
    }
}
