import Authenticator
import Foundation
import LatchkeyCrypto
import Testing

@testable import Vault

/// The store keeps an RP's listed credentials while the vault is unchanged; any change, made
/// through this handle or another connection (as another process would), is seen at once.
@Suite struct CredentialListingCacheTests {
    func request(_ n: Int) -> MakeCredentialRequest {
        MakeCredentialRequest(
            clientDataHash: Digest.sha256("c\(n)"), rpId: "example.com", userHandle: [UInt8(n)],
            userName: "user\(n)", userDisplayName: "User \(n)", pubKeyCredParams: [.init(alg: .es256)],
            residentKey: true, userVerification: true)
    }

    @Test func listingFollowsEveryChange() throws {
        let path = temporaryVaultPath()
        let vault = try makeVault(path)
        let store = VaultCredentialStore(vault: vault)
        let authenticator = try SoftwareAuthenticator(profile: .securityKey, store: store)
        _ = try authenticator.makeCredential(request(1))
        #expect(try store.credentials(forRP: "example.com").map(\.userName) == ["user1"])
        #expect(try store.credentials(forRP: "example.com").map(\.userName) == ["user1"])

        // Another connection (another process, as far as SQLite knows) adds an account.
        let other = try Vault.open(at: path, passphrase: passphrase)
        let otherAuthenticator = try SoftwareAuthenticator(profile: .securityKey, store: VaultCredentialStore(vault: other))
        _ = try otherAuthenticator.makeCredential(request(2))
        #expect(Set(try store.credentials(forRP: "example.com").map(\.userName)) == ["user1", "user2"])

        // A counter written by a signature through this handle is reflected in the next listing.
        let assertion = GetAssertionRequest(rpId: "example.com", clientDataHash: Digest.sha256("x"))
        let first = try authenticator.getAssertion(assertion, credentialId: try store.credentials(forRP: "example.com")[0].id)
        let listed = try #require(try store.credentials(forRP: "example.com").first { $0.id == first.credentialId })
        #expect(listed.signCount == 1)

        // A removal through the other connection is seen too.
        try VaultCredentialStore(vault: other).remove(id: first.credentialId)
        #expect(try store.credentials(forRP: "example.com").contains { $0.id == first.credentialId } == false)
    }
}
