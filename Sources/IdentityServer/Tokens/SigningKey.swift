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
        // A key made here and kept by the store is used as made: reading it back from PKCS #8
        // would set up OpenSSL's decoders, ~6 M instructions of a new server's start. Anything
        // else (a key stored before, or by another process first) is read from what is stored.
        var made: (key: P256PrivateKey, der: [UInt8])?
        let stored = try store.signingKey(.es256) {
            let key = try P256PrivateKey.generate()
            let der = Array(key.pkcs8.bytes)
            made = (key, der)
            return der
        }
        guard let der = stored else { throw SigningKeyError.missing }
        if let made, constantTimeEquals(made.der, der) { return try SigningKey(privateKey: made.key) }
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
