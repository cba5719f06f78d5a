import Encoding
import JOSE
import LatchkeyCrypto

/// Every key this server signs with: ES256 always (access tokens, and id tokens by default),
/// RS256 when a client is configured for it. The JWKS publishes both, under distinct `kid`s.
struct SigningKeys: Sendable {
    let es256: SigningKey
    let rs256: RSASigningKey?

    var jwks: JWKSet { JWKSet(keys: [es256.jwk] + (rs256.map { [$0.jwk] } ?? [])) }

    static func loadOrCreate(in store: IdentityStore, configuration: ServerConfiguration) throws -> SigningKeys {
        SigningKeys(
            es256: try SigningKey.loadOrCreate(in: store),
            rs256: try RSASigningKey.load(in: store, creatingIfMissing: configuration.idTokenSignedResponseAlg == .rs256))
    }

    /// `claims` as a JWT signed with `algorithm`'s key.
    func sign(_ claims: [String: JSONValue], with algorithm: ServerConfiguration.IDTokenAlgorithm) throws -> String {
        switch algorithm {
        case .es256: return try JWT.signES256(claims: claims, key: es256.privateKey, keyId: es256.keyId)
        case .rs256:
            guard let rs256 else { throw SigningKeyError.missing }
            return try JWT.signRS256(claims: claims, key: rs256.privateKey, keyId: rs256.keyId)
        }
    }
}
