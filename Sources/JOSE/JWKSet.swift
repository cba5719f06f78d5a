import Encoding

/// A JWK Set (RFC 7517 §5): `{"keys":[…]}`. Keys of a type this implementation does not know
/// are skipped, as §5 asks; a malformed known key is an error.
public struct JWKSet: Sendable, Equatable {
    public static let maximumKeys = 64

    public var keys: [JWK]

    public init(keys: [JWK]) { self.keys = keys }

    public init(json bytes: [UInt8]) throws(JOSEError) {
        let value: JSONValue
        do { value = try StrictJSON.parse(bytes) } catch { throw JOSEError(.malformed, "the JWKS is not valid JSON: \(error)") }
        guard case .array(let list)? = value["keys"] else { throw JOSEError(.malformed, "the JWKS has no keys array") }
        guard list.count <= Self.maximumKeys else { throw JOSEError(.malformed, "the JWKS holds more than \(Self.maximumKeys) keys") }
        var keys: [JWK] = []
        for item in list {
            guard let kty = item["kty"]?.stringValue, ["EC", "RSA", "OKP"].contains(kty) else { continue }
            keys.append(try JWK(json: item))
        }
        self.keys = keys
    }

    public var json: String { JSONText.serialize(.object(["keys": .array(keys.map(\.json))])) }

    /// The key for a token's `kid`: the one with that id, or the only key when the token names none.
    public func key(for keyId: String?) throws(JOSEError) -> JWK {
        if let keyId {
            guard let key = keys.first(where: { $0.keyId == keyId }) else {
                throw JOSEError(.signature, "no key in the JWKS has kid \(keyId)")
            }
            return key
        }
        guard keys.count == 1 else { throw JOSEError(.signature, "the token names no kid and the JWKS holds \(keys.count) keys") }
        return keys[0]
    }
}
