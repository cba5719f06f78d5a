import Authenticator
import Foundation
import LatchkeyCrypto
import Testing
import WebAuthn

@testable import Vault

/// Offering a choice of accounts parses no private key: only the credential that signs loads
/// its key. A damaged key of another account at the same RP therefore does not stop a login,
/// and a damaged key of the chosen one is reported as that record's damage.
@Suite struct LazyKeyTests {
    func passkey(_ id: UInt8, _ name: String, pkcs8: [UInt8], created: TimeInterval) -> VaultItem {
        .passkey(
            PasskeyItem(
                credentialId: [id], rpId: "example.com", rpName: nil, userName: name, userDisplayName: name,
                userHandle: [id], privateKeyPKCS8: pkcs8, discoverable: true, backupEligible: true, backupState: true,
                counterMode: .zero, signCount: 0, aaguid: AuthenticatorProfile.icloud.aaguid, profile: "icloud",
                prfSecret: nil, createdAt: Date(timeIntervalSince1970: created), lastUsedAt: nil))
    }

    @Test func onlyTheChosenCredentialsKeyIsParsed() throws {
        let vault = try makeVault()
        let good = try P256PrivateKey.generate()
        try vault.add(passkey(1, "alice", pkcs8: good.pkcs8.bytes, created: 1_800_000_000))
        try vault.add(passkey(2, "bob", pkcs8: [0x30, 0x03, 0x02, 0x01, 0x00], created: 1_800_000_100))
        let authenticator = try SoftwareAuthenticator(profile: .icloud, store: VaultCredentialStore(vault: vault))

        let candidates = try authenticator.candidates(for: GetAssertionRequest(rpId: "example.com", clientDataHash: Digest.sha256("x")))
        #expect(candidates.map(\.userName) == ["bob", "alice"])

        let cdh = Digest.sha256("login")
        let response = try authenticator.getAssertion(GetAssertionRequest(rpId: "example.com", clientDataHash: cdh), credentialId: [1])
        let verifier = try good.publicKey.verifyingKey()
        #expect(try verifier.verify(signature: response.signature, message: response.authenticatorData + cdh, algorithm: .es256))

        do {
            _ = try authenticator.getAssertion(GetAssertionRequest(rpId: "example.com", clientDataHash: cdh), credentialId: [2])
            Issue.record("a damaged key signed")
        } catch {
            guard case .recordDamaged? = error.underlying as? VaultError else {
                Issue.record("\(error)")
                return
            }
        }
    }
}
