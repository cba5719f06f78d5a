import Encoding
import LatchkeyCrypto

/// A public JSON Web Key (RFC 7517): EC (P-256/384/521), RSA or OKP (Ed25519/Ed448). Private
/// members are refused, so a JWKS never carries a secret by mistake.
public struct JWK: Sendable, Equatable {
    public var keyId: String?
    public var algorithm: String?
    public var use: String?
    /// The members that define the key, as received (kty, crv, x, y, n, e).
    public var members: [String: String]

    public init(keyId: String?, algorithm: String?, use: String? = "sig", members: [String: String]) {
        self.keyId = keyId
        self.algorithm = algorithm
        self.use = use
        self.members = members
    }

    /// The JWK of a P-256 public key, as an ES256 signing key.
    public init(p256 key: P256PublicKey, keyId: String) {
        self.init(
            keyId: keyId, algorithm: "ES256",
            members: ["kty": "EC", "crv": "P-256", "x": Base64URL.encode(key.x), "y": Base64URL.encode(key.y)])
    }

    /// The JWK of an RSA public key, as an RS256 signing key; nil when `key` is not RSA.
    public init?(rsa key: PublicKey, keyId: String) {
        guard let (n, e) = key.rsaComponents else { return nil }
        self.init(keyId: keyId, algorithm: "RS256", members: ["kty": "RSA", "n": Base64URL.encode(n), "e": Base64URL.encode(e)])
    }

    public init(json: JSONValue) throws(JOSEError) {
        guard case .object(let object) = json else { throw JOSEError(.malformed, "a JWK is a JSON object") }
        for secret in ["d", "p", "q", "dp", "dq", "qi", "k"] where object[secret] != nil {
            throw JOSEError(.malformed, "the JWK holds private member \(secret)")
        }
        var members: [String: String] = [:]
        for name in ["kty", "crv", "x", "y", "n", "e"] {
            if let value = object[name] {
                guard let s = value.stringValue else { throw JOSEError(.malformed, "JWK member \(name) is not a string") }
                members[name] = s
            }
        }
        guard members["kty"] != nil else { throw JOSEError(.malformed, "the JWK has no kty") }
        self.init(
            keyId: object["kid"]?.stringValue, algorithm: object["alg"]?.stringValue, use: object["use"]?.stringValue, members: members)
    }

    public var json: JSONValue {
        var object = members.mapValues(JSONValue.string)
        if let keyId { object["kid"] = .string(keyId) }
        if let algorithm { object["alg"] = .string(algorithm) }
        if let use { object["use"] = .string(use) }
        return .object(object)
    }

    /// The key, validated by the crypto layer (an EC point must be on its curve).
    public func publicKey() throws(JOSEError) -> PublicKey {
        func bytes(_ name: String) throws(JOSEError) -> [UInt8] {
            guard let s = members[name], let b = Base64URL.decode(s), !b.isEmpty else {
                throw JOSEError(.malformed, "JWK member \(name) is missing or not base64url")
            }
            return b
        }
        do {
            switch members["kty"] {
            case "EC":
                guard let crv = members["crv"], let curve = ECCurve(rawValue: crv) else {
                    throw JOSEError(.unsupported, "EC curve \(members["crv"] ?? "none") is not supported")
                }
                return try PublicKey(ecCurve: curve, x: try bytes("x"), y: try bytes("y"))
            case "RSA":
                return try PublicKey(rsaModulus: try bytes("n"), exponent: try bytes("e"))
            case "OKP":
                switch members["crv"] {
                case "Ed25519": return try PublicKey(ed25519: try bytes("x"))
                case "Ed448": return try PublicKey(ed448: try bytes("x"))
                default: throw JOSEError(.unsupported, "OKP curve \(members["crv"] ?? "none") is not supported")
                }
            default:
                throw JOSEError(.unsupported, "kty \(members["kty"] ?? "none") is not supported")
            }
        } catch let error as JOSEError {
            throw error
        } catch {
            throw JOSEError(.malformed, "the JWK is not a valid public key: \(error)")
        }
    }

    /// The RFC 7638 thumbprint: SHA-256 over the required members in lexicographic order.
    public func thumbprint() throws(JOSEError) -> String {
        let required: [String]
        switch members["kty"] {
        case "EC": required = ["crv", "kty", "x", "y"]
        case "RSA": required = ["e", "kty", "n"]
        case "OKP": required = ["crv", "kty", "x"]
        default: throw JOSEError(.unsupported, "kty \(members["kty"] ?? "none") has no thumbprint")
        }
        var object: [String: JSONValue] = [:]
        for name in required {
            guard let value = members[name] else { throw JOSEError(.malformed, "JWK member \(name) is missing") }
            object[name] = .string(value)
        }
        return Base64URL.encode(Digest.sha256(Array(JSONText.serialize(.object(object)).utf8)))
    }
}
