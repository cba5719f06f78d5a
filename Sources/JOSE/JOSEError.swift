/// Why a JWS, JWK or JWT was refused. The message names the rule (RFC 7515/7517/7519) that
/// failed; it never contains key material or the token itself.
public struct JOSEError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// Not a well-formed compact JWS, JWK or JSON member.
        case malformed
        /// An algorithm, key type or critical header this implementation does not accept.
        case unsupported
        /// The signature does not verify, or no key matches.
        case signature
        /// A claim (exp, nbf, iat, iss, aud, nonce, …) does not hold.
        case claim
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
