import LatchkeyCrypto

/// The `alg` values (RFC 7518 §3.1, RFC 8037) this implementation verifies. `none` and the
/// HMAC family are not here: a token is only ever accepted with a public-key signature.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    case es256 = "ES256"
    case es384 = "ES384"
    case es512 = "ES512"
    case rs256 = "RS256"
    case rs384 = "RS384"
    case rs512 = "RS512"
    case ps256 = "PS256"
    case ps384 = "PS384"
    case ps512 = "PS512"
    case edDSA = "EdDSA"

    /// The crypto layer's scheme, for a key of the given type (EdDSA depends on the curve).
    func scheme(for key: PublicKey) -> SignatureAlgorithm? {
        switch self {
        case .es256: return .es256
        case .es384: return .es384
        case .es512: return .es512
        case .rs256: return .rs256
        case .rs384: return .rs384
        case .rs512: return .rs512
        case .ps256: return .ps256
        case .ps384: return .ps384
        case .ps512: return .ps512
        case .edDSA:
            if key.supports(.ed25519) { return .ed25519 }
            if key.supports(.ed448) { return .ed448 }
            return nil
        }
    }

    /// ECDSA signatures travel as fixed-length r‖s (RFC 7518 §3.4), not DER.
    var ecdsaCoordinateLength: Int? {
        switch self {
        case .es256: return 32
        case .es384: return 48
        case .es512: return 66
        default: return nil
        }
    }
}
