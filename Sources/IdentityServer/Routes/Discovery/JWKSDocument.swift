import JOSE

/// The JWK Set of `/.well-known/jwks.json` (RFC 7517 §5): the public signing keys, EC or RSA.
struct JWKSDocument: Encodable, Sendable {
    var keys: [Key]

    /// One public key (RFC 7517 §4, RFC 7518 §6): `crv`, `x`, `y` for EC, `n`, `e` for RSA.
    struct Key: Encodable, Sendable {
        var kty: String
        var crv, x, y, n, e: String?
        var kid: String?
        var alg: String?
        var use: String?
    }

    init(_ set: JWKSet) {
        keys = set.keys.map { jwk in
            let m = jwk.members
            return Key(
                kty: m["kty"] ?? "", crv: m["crv"], x: m["x"], y: m["y"], n: m["n"], e: m["e"], kid: jwk.keyId, alg: jwk.algorithm,
                use: jwk.use)
        }
    }
}
