import LatchkeyCrypto

/// COSE algorithm identifiers (IANA "COSE Algorithms") that WebAuthn credentials use.
public struct COSEAlgorithm: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ v: Int) { rawValue = v }

    public static let es256 = COSEAlgorithm(-7)
    public static let es384 = COSEAlgorithm(-35)
    public static let es512 = COSEAlgorithm(-36)
    public static let edDSA = COSEAlgorithm(-8)
    public static let ed25519 = COSEAlgorithm(-19)
    public static let ed448 = COSEAlgorithm(-53)
    public static let rs256 = COSEAlgorithm(-257)
    public static let rs384 = COSEAlgorithm(-258)
    public static let rs512 = COSEAlgorithm(-259)
    public static let rs1 = COSEAlgorithm(-65535)
    public static let ps256 = COSEAlgorithm(-37)
    public static let ps384 = COSEAlgorithm(-38)
    public static let ps512 = COSEAlgorithm(-39)
    public static let mlDSA44 = COSEAlgorithm(-48)
    public static let mlDSA65 = COSEAlgorithm(-49)
    public static let mlDSA87 = COSEAlgorithm(-50)

    public var name: String {
        switch self {
        case .es256: return "ES256"
        case .es384: return "ES384"
        case .es512: return "ES512"
        case .edDSA: return "EdDSA"
        case .ed25519: return "Ed25519"
        case .ed448: return "Ed448"
        case .rs256: return "RS256"
        case .rs384: return "RS384"
        case .rs512: return "RS512"
        case .rs1: return "RS1"
        case .ps256: return "PS256"
        case .ps384: return "PS384"
        case .ps512: return "PS512"
        case .mlDSA44: return "ML-DSA-44"
        case .mlDSA65: return "ML-DSA-65"
        case .mlDSA87: return "ML-DSA-87"
        default: return "alg \(rawValue)"
        }
    }

    public var description: String { "\(name) (\(rawValue))" }

    /// The signature scheme for a key of the given COSE type; nil when OpenSSL 3.0 cannot
    /// verify it (ML-DSA) or the identifier is unknown.
    /// The COSE curve an EC2 key must be on for this algorithm (RFC 9053 §2.1: ES256 is
    /// P-256, ES384 P-384, ES512 P-521); nil for algorithms that are not ECDSA.
    public var requiredEC2Curve: Int? {
        switch self {
        case .es256: return COSEKey.Curve.p256
        case .es384: return COSEKey.Curve.p384
        case .es512: return COSEKey.Curve.p521
        default: return nil
        }
    }

    public func signatureAlgorithm(okpCurve: Int? = nil) -> SignatureAlgorithm? {
        switch self {
        case .es256: return .es256
        case .es384: return .es384
        case .es512: return .es512
        case .ed25519: return .ed25519
        case .ed448: return .ed448
        case .edDSA: return okpCurve == COSEKey.Curve.ed448 ? .ed448 : .ed25519
        case .rs256: return .rs256
        case .rs384: return .rs384
        case .rs512: return .rs512
        case .rs1: return .rs1
        case .ps256: return .ps256
        case .ps384: return .ps384
        case .ps512: return .ps512
        default: return nil
        }
    }

    public init(from decoder: Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int.self) }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}
