import Authenticator
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing
import WebAuthn

@testable import Vault

/// One validation for every way a password enters a vault (issue 18, #9): what `add-password`
/// refuses, the library refuses on `add`, `savePassword` and import, and a CXF file carrying such
/// an item imports nothing.
@Suite struct PasswordValidationTests {
    static let bad: [(String, PasswordItem)] = [
        ("empty password", PasswordItem(domain: "example.com", username: "alice", password: "")),
        ("empty domain", PasswordItem(domain: "", username: "alice", password: "pw")),
        ("javascript URL", PasswordItem(domain: "javascript:alert(1)", username: "alice", password: "pw")),
        ("javascript URL with a host", PasswordItem(domain: "javascript://example.com/%0Aalert(1)", username: "alice", password: "pw")),
        ("data URL", PasswordItem(domain: "data:text/html,<script>", username: "alice", password: "pw")),
        ("space in host", PasswordItem(domain: "exa mple.com", username: "alice", password: "pw")),
        ("empty username", PasswordItem(domain: "example.com", username: "", password: "pw")),
        (
            "escape sequence in username",
            PasswordItem(domain: "example.com", username: "alice\u{1B}[2J\u{1B}]0;owned\u{07}", password: "pw")
        ),
        ("C1 control in username", PasswordItem(domain: "example.com", username: "alice\u{9B}31m", password: "pw")),
        ("newline in username", PasswordItem(domain: "example.com", username: "alice\nroot", password: "pw")),
        ("bidi override in username", PasswordItem(domain: "example.com", username: "alice\u{202E}moc.live", password: "pw")),
    ]

    @Test(arguments: bad.indices)
    func theLibraryRefusesWhatAddPasswordRefuses(_ index: Int) throws {
        let (what, item) = Self.bad[index]
        let vault = try makeVault()
        #expect(throws: VaultError.self, "\(what)") { try item.validate() }
        #expect(throws: VaultError.self, "\(what)") { try vault.add(.password(item)) }
        #expect(throws: VaultError.self, "\(what)") { _ = try vault.savePassword(item, replacingExisting: true) }
        #expect(throws: VaultError.self, "\(what)") { _ = try vault.importItems([.password(item)]) }
        #expect(try vault.count == 0)
    }

    @Test(arguments: bad.indices)
    func aCXFFileCarryingOneImportsNothing(_ index: Int) throws {
        let (what, item) = Self.bad[index]
        let good = PasswordItem(domain: "good.example", username: "bob", password: "pw")
        let (doc, _) = CXFDocument.export([.password(good), .password(item)])
        do {
            _ = try CXFDocument.decode(try doc.encoded(pretty: false)).vaultItems(publicSuffixList: try PublicSuffixList.loadSystem())
            Issue.record("\(what) was accepted")
        } catch let error as VaultError {
            guard case .invalidItem(let message) = error else {
                Issue.record("\(what): \(error)")
                return
            }
            // The message names the item, never the password, and carries no control character.
            #expect(message.contains("CXF item"), "\(message)")
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(message)")
        }
    }

    @Test func whatAddPasswordAcceptsIsAccepted() throws {
        let vault = try makeVault()
        for domain in [
            "example.com", "localhost", "192.168.1.10", "https://login.example.com:8443/path", "http://127.0.0.1:8975",
            "https://[::1]:8443", "EXAMPLE.org", "xn--bcher-kva.example",
        ] {
            let item = PasswordItem(domain: domain, username: "alice ✓ <a@b.c>", password: "p\u{0}w 🔑")
            #expect(throws: Never.self, "\(domain)") { try item.validate() }
            #expect(throws: Never.self, "\(domain)") { try vault.add(.password(item)) }
        }
    }

    /// The import report names a passkey by its credential ID in base64url, as everything else does.
    @Test func theImportReportNamesCredentialIDsInBase64URL() throws {
        let vault = try makeVault()
        let passkey = PasskeyItem(
            credentialId: [0xFB, 0xFF, 0x01, 0x02], rpId: "example.com", rpName: nil, userName: "alice",
            userDisplayName: "Alice", userHandle: [1], privateKeyPKCS8: try P256PrivateKey.generate().pkcs8.bytes,
            discoverable: true, backupEligible: true, backupState: true, counterMode: .zero, signCount: 0,
            aaguid: .zero, profile: "icloud", prfSecret: nil, createdAt: Date(timeIntervalSince1970: 1_800_000_000),
            lastUsedAt: nil)
        try vault.add(.passkey(passkey))
        let report = try vault.importItems([.passkey(passkey)])
        #expect(report.identical == ["passkey " + Base64URL.encode(passkey.credentialId) + " for alice at example.com"])
        #expect(report.identical.first?.contains("-_8BAg") == true)
    }
}
