import Encoding
import JOSE
import LatchkeyCrypto
import SQLite

/// The ES256 key that signs every access and id token. Made on first start and kept in the
/// store, so tokens issued before a restart still verify after it; its `kid` is the key's
/// RFC 7638 thumbprint.
struct SigningKey: Sendable {
    let privateKey: P256PrivateKey
    let publicKey: PublicKey
    let keyId: String
    let jwk: JWK

    init(privateKey: P256PrivateKey) throws {
        self.privateKey = privateKey
        publicKey = try privateKey.publicKey.verifyingKey()
        let unnamed = JWK(p256: privateKey.publicKey, keyId: "")
        keyId = try unnamed.thumbprint()
        jwk = JWK(p256: privateKey.publicKey, keyId: keyId)
    }

    var jwks: JWKSet { JWKSet(keys: [jwk]) }

    static func loadOrCreate(in store: IdentityStore) throws -> SigningKey {
        try store.write { db in
            if let der = try db.prepare("SELECT value FROM meta WHERE key = 'signing_key'").firstRow({ $0.blob(0) }), let der {
                return try SigningKey(privateKey: P256PrivateKey(pkcs8: der))
            }
            let key = try P256PrivateKey.generate()
            try db.prepare("INSERT INTO meta(key, value) VALUES('signing_key', ?1)").bind(1, key.pkcs8.bytes).run()
            return try SigningKey(privateKey: key)
        }
    }
}
