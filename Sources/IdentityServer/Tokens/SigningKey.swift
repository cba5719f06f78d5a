import Encoding
import JOSE
import LatchkeyCrypto

/// The ES256 key that signs every access token, and the id tokens of a client configured for
/// ES256 (the default). Made on first start and kept in the store; its `kid` is the key's
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

    static func loadOrCreate(in store: IdentityStore) throws -> SigningKey {
        guard let der = try store.signingKey(.es256, orCreate: { Array(try P256PrivateKey.generate().pkcs8.bytes) }) else {
            throw SigningKeyError.missing
        }
        return try SigningKey(privateKey: P256PrivateKey(pkcs8: der))
    }
}

/// A signing key the store should hold and does not.
enum SigningKeyError: Error, CustomStringConvertible {
    case missing
    case notRSA
    var description: String {
        switch self {
        case .missing: return "the store holds no signing key"
        case .notRSA: return "the stored RS256 signing key is not an RSA key"
        }
    }
}
