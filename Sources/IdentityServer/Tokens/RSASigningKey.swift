import Encoding
import JOSE
import LatchkeyCrypto

/// The RSA key that signs the id tokens of a client configured with
/// `"id_token_signed_response_alg": "RS256"` (OIDC Dynamic Registration's name). Made on the
/// first start that needs it and kept in the store like the ES256 key; its `kid` is its RFC 7638
/// thumbprint, so it never collides with the ES256 key's.
struct RSASigningKey: Sendable {
    let privateKey: RSAPrivateKey
    let keyId: String
    let jwk: JWK

    init(privateKey: RSAPrivateKey) throws {
        self.privateKey = privateKey
        guard let unnamed = JWK(rsa: privateKey.publicKey, keyId: "") else { throw SigningKeyError.notRSA }
        keyId = try unnamed.thumbprint()
        jwk = JWK(keyId: keyId, algorithm: unnamed.algorithm, use: unnamed.use, members: unnamed.members)
    }

    /// The stored key; a new one when there is none and `create` is set; else nil. A key made
    /// once stays published after the configuration goes back to ES256, so the id tokens it
    /// signed still verify.
    static func load(in store: IdentityStore, creatingIfMissing create: Bool) throws -> RSASigningKey? {
        let der = try store.signingKey(.rs256) { create ? Array(try RSAPrivateKey.generate().pkcs8.bytes) : nil }
        return try der.map { try RSASigningKey(privateKey: RSAPrivateKey(pkcs8: $0)) }
    }
}
