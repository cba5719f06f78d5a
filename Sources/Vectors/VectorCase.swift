import Foundation
import WebAuthn

/// One ceremony in the shared test-vector case format (`shared/vectors/README.md`). Every
/// binary value is unpadded base64url. The same type reads third-party vectors and writes ours.
public struct VectorCase: Codable, Sendable, Equatable {
    public struct Expected: Codable, Sendable, Equatable {
        public var valid: Bool
        public var fmt: String?
        public var credentialId: String?
        public var credentialPublicKey: String?
        public var signCount: UInt32?
        public var flags: UInt8?
        public var alg: Int?
        public var error: String?
        public var userVerified: Bool?
        public var backedUp: Bool?
        public var deviceType: String?
        public var aaguid: String?
        public init(valid: Bool) { self.valid = valid }
    }

    /// A string or a list of acceptable origins.
    public enum Origins: Codable, Sendable, Equatable {
        case one(String)
        case many([String])
        public var all: [String] {
            switch self {
            case .one(let s): return [s]
            case .many(let a): return a
            }
        }
        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            // not one string: an array, whose decoding error is the one reported
            if let s = try? c.decode(String.self) { self = .one(s) } else { self = .many(try c.decode([String].self)) }
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            switch self {
            case .one(let s): try c.encode(s)
            case .many(let a): try c.encode(a)
            }
        }
    }

    /// A COSE algorithm written as a number or as a name (`-7`, `"ES256"`, `"ECDSA_SHA_256"`, `"ML_DSA_44"`).
    public struct AlgorithmName: Codable, Sendable, Equatable {
        public var algorithm: COSEAlgorithm?
        public var text: String
        static let names: [String: Int] = [
            "ES256": -7, "ECDSA_SHA_256": -7, "ES384": -35, "ECDSA_SHA_384": -35, "ES512": -36, "ECDSA_SHA_512": -36,
            "EDDSA": -8, "EdDSA": -8, "Ed25519": -19, "Ed448": -53, "RS256": -257, "RSASSA_PKCS1_v1_5_SHA_256": -257,
            "RS384": -258, "RSASSA_PKCS1_v1_5_SHA_384": -258, "RS512": -259, "RSASSA_PKCS1_v1_5_SHA_512": -259,
            "RS1": -65535, "RSASSA_PKCS1_v1_5_SHA_1": -65535, "PS256": -37, "RSASSA_PSS_SHA_256": -37,
            "PS384": -38, "RSASSA_PSS_SHA_384": -38, "PS512": -39, "RSASSA_PSS_SHA_512": -39,
            "ML_DSA_44": -48, "ML-DSA-44": -48, "ML_DSA_65": -49, "ML-DSA-65": -49, "ML_DSA_87": -50, "ML-DSA-87": -50,
        ]
        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            // not an integer: a name, whose decoding error is the one reported
            if let n = try? c.decode(Int.self) {
                algorithm = COSEAlgorithm(n)
                text = String(n)
            } else {
                text = try c.decode(String.self)
                algorithm = Self.names[text].map { COSEAlgorithm(rawValue: $0) }
            }
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            if let algorithm, String(algorithm.rawValue) == text { try c.encode(algorithm.rawValue) } else { try c.encode(text) }
        }
    }

    public var id: String
    public var source: String?
    public var ceremony: String
    public var rpId: String
    public var origin: Origins
    public var challenge: String
    public var clientDataJSON: String
    public var attestationObject: String?
    public var credentialId: String?
    public var authenticatorData: String?
    public var signature: String?
    public var userHandle: String?
    public var credentialPublicKey: String?
    public var prevSignCount: UInt32?
    public var requireUserVerification: Bool?
    public var requireUserPresence: Bool?
    public var allowCrossOrigin: Bool?
    public var expectedTopOrigins: [String]?
    public var supportedAlgs: [AlgorithmName]?
    public var attestationTrustRoots: [String]?
    public var verificationTime: String?
    public var tags: [String]?
    public var expected: Expected

    public init(
        id: String, source: String?, ceremony: String, rpId: String, origin: String, challenge: String,
        clientDataJSON: String, expected: Expected
    ) {
        self.id = id
        self.source = source
        self.ceremony = ceremony
        self.rpId = rpId
        self.origin = .one(origin)
        self.challenge = challenge
        self.clientDataJSON = clientDataJSON
        self.expected = expected
    }
}
