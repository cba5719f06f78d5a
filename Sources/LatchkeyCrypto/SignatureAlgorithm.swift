/// Signature schemes the crypto layer can verify. Only ES256 can also sign.
public enum SignatureAlgorithm: String, Sendable, CaseIterable {
    case es256 = "ES256"
    case es384 = "ES384"
    case es512 = "ES512"
    case ed25519 = "Ed25519"
    case ed448 = "Ed448"
    case rs256 = "RS256"
    case rs384 = "RS384"
    case rs512 = "RS512"
    case rs1 = "RS1"
    case ps256 = "PS256"
    case ps384 = "PS384"
    case ps512 = "PS512"

    /// The digest applied to the message; nil for EdDSA, which hashes internally.
    public var digest: DigestAlgorithm? {
        switch self {
        case .es256, .rs256, .ps256: return .sha256
        case .es384, .rs384, .ps384: return .sha384
        case .es512, .rs512, .ps512: return .sha512
        case .rs1: return .sha1
        case .ed25519, .ed448: return nil
        }
    }

    var isPSS: Bool { self == .ps256 || self == .ps384 || self == .ps512 }
}

/// Named elliptic curves for ECDSA keys.
public enum ECCurve: String, Sendable, CaseIterable {
    case p256 = "P-256"
    case p384 = "P-384"
    case p521 = "P-521"

    public var coordinateLength: Int {
        switch self {
        case .p256: return 32
        case .p384: return 48
        case .p521: return 66
        }
    }

    /// OpenSSL's group name.
    var groupName: String {
        switch self {
        case .p256: return "prime256v1"
        case .p384: return "secp384r1"
        case .p521: return "secp521r1"
        }
    }
}
