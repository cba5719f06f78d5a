import LatchkeyCrypto
import SQLite
import Testing

@testable import IdentityServer

/// The ES256 key a new store makes is used as made; later starts read it back from the store.
/// Both must be the same key, or tokens signed before a restart would stop verifying after it.
@Suite struct SigningKeyTests {
    @Test func theKeyMadeIsTheKeyKept() throws {
        let store = try IdentityStore(path: Database.inMemory)
        let made = try SigningKey.loadOrCreate(in: store)
        let read = try SigningKey.loadOrCreate(in: store)
        #expect(made.keyId == read.keyId)
        let message = Array("a token's signing input".utf8)
        let signature = try made.privateKey.sign(message)
        #expect(try read.publicKey.verify(signature: signature, message: message, algorithm: .es256))
        let again = try read.privateKey.sign(message)
        #expect(try made.publicKey.verify(signature: again, message: message, algorithm: .es256))
    }

    @Test func aStoreHoldingAKeyKeepsIt() throws {
        let store = try IdentityStore(path: Database.inMemory)
        let other = try P256PrivateKey.generate()
        let der = Array(other.pkcs8.bytes)
        #expect(try store.signingKey(.es256) { der } == der)
        let loaded = try SigningKey.loadOrCreate(in: store)
        #expect(loaded.keyId == (try SigningKey(privateKey: other)).keyId)
    }
}
