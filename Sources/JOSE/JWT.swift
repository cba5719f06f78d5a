import Encoding
import Foundation
import LatchkeyCrypto

/// A JSON Web Token (RFC 7519) signed as a compact JWS: its claims, verified against a JWKS
/// and checked against the caller's expectations at the caller's clock.
public struct JWT: Sendable {
    public let claims: [String: JSONValue]
    public let jws: CompactJWS

    /// What a verifier requires of a token.
    public struct Expectations: Sendable {
        public var issuer: String?
        public var audience: String?
        public var algorithms: Set<JWSAlgorithm>
        /// Tolerated clock difference for exp, nbf and iat.
        public var leeway: TimeInterval
        public var now: Date

        public init(issuer: String?, audience: String?, algorithms: Set<JWSAlgorithm> = [.es256], leeway: TimeInterval = 60, now: Date) {
            self.issuer = issuer
            self.audience = audience
            self.algorithms = algorithms
            self.leeway = leeway
            self.now = now
        }
    }

    /// Parses, verifies the signature with the JWKS key the header names, then checks the
    /// registered claims: `exp` must be present and in the future, `nbf` and `iat` not in the
    /// future, `iss` and `aud` equal to the expected values.
    public static func verify(_ token: String, keys: JWKSet, expecting e: Expectations) throws(JOSEError) -> JWT {
        let jws = try CompactJWS(token)
        try jws.verify(with: try keys.key(for: jws.keyId).publicKey(), allowed: e.algorithms)
        return try checked(jws, e)
    }

    /// As `verify(_:keys:expecting:)`, with one already imported key (an issuer checking its
    /// own tokens on every request need not re-import its JWK each time). The header's `kid`
    /// must be `keyId`.
    public static func verify(_ token: String, key: PublicKey, keyId: String, expecting e: Expectations) throws(JOSEError) -> JWT {
        let jws = try CompactJWS(token)
        guard jws.keyId == keyId else { throw JOSEError(.signature, "the token's kid is not this issuer's key") }
        try jws.verify(with: key, allowed: e.algorithms)
        return try checked(jws, e)
    }

    private static func checked(_ jws: CompactJWS, _ e: Expectations) throws(JOSEError) -> JWT {
        let value: JSONValue
        do { value = try StrictJSON.parse(jws.payload) } catch { throw JOSEError(.malformed, "the claims are not valid JSON: \(error)") }
        guard case .object(let claims) = value else { throw JOSEError(.malformed, "the claims are not a JSON object") }
        let jwt = JWT(claims: claims, jws: jws)
        try jwt.check(e)
        return jwt
    }

    func check(_ e: Expectations) throws(JOSEError) {
        let now = e.now.timeIntervalSince1970
        guard let exp = number("exp") else { throw JOSEError(.claim, "the token has no numeric exp") }
        guard now < exp + e.leeway else { throw JOSEError(.claim, "the token expired") }
        if let nbf = number("nbf"), now + e.leeway < nbf { throw JOSEError(.claim, "the token is not valid yet (nbf)") }
        if let iat = number("iat"), now + e.leeway < iat { throw JOSEError(.claim, "the token was issued in the future (iat)") }
        if let issuer = e.issuer, claims["iss"]?.stringValue != issuer { throw JOSEError(.claim, "iss is not \(issuer)") }
        if let audience = e.audience {
            let audiences: [String]
            switch claims["aud"] {
            case .string(let s)?: audiences = [s]
            case .array(let list)?: audiences = list.compactMap(\.stringValue)
            default: audiences = []
            }
            guard audiences.contains(audience) else { throw JOSEError(.claim, "aud does not include \(audience)") }
        }
    }

    public func string(_ name: String) -> String? { claims[name]?.stringValue }

    public func number(_ name: String) -> Double? {
        if case .number(let n)? = claims[name] { return n }
        return nil
    }

    /// Signs `claims` as an ES256 JWT with `kid`.
    public static func signES256(claims: [String: JSONValue], key: P256PrivateKey, keyId: String) throws -> String {
        try CompactJWS.signES256(payload: JSONText.serializedBytes(.object(claims)), key: key, keyId: keyId)
    }

    /// Signs `claims` as an RS256 JWT with `kid`.
    public static func signRS256(claims: [String: JSONValue], key: RSAPrivateKey, keyId: String) throws -> String {
        try CompactJWS.signRS256(payload: JSONText.serializedBytes(.object(claims)), key: key, keyId: keyId)
    }
}
