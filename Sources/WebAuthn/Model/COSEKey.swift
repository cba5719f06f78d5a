import CBOR
import LatchkeyCrypto

/// A COSE_Key (RFC 9052/9053, RFC 8230) holding a credential public key: EC2, OKP or RSA.
public struct COSEKey: Equatable, Sendable {
    /// AKP (7) is the "algorithm key pair" type of ML-DSA keys (draft-ietf-cose-dilithium).
    public enum KeyType: Int, Sendable {
        case okp = 1
        case ec2 = 2
        case rsa = 3
        case akp = 7
    }
    public enum Curve {
        public static let p256 = 1, p384 = 2, p521 = 3, ed25519 = 6, ed448 = 7
    }

    public enum Parameters: Equatable, Sendable {
        case ec2(curve: Int, x: [UInt8], y: [UInt8])
        case okp(curve: Int, x: [UInt8])
        case rsa(n: [UInt8], e: [UInt8])
        /// An ML-DSA public key: parsed so it can be reported, never verified (OpenSSL 3.0 has no ML-DSA).
        case akp(publicKey: [UInt8])
    }

    public var algorithm: COSEAlgorithm?
    public var parameters: Parameters

    public init(algorithm: COSEAlgorithm?, parameters: Parameters) {
        self.algorithm = algorithm
        self.parameters = parameters
    }

    public var keyType: KeyType {
        switch parameters {
        case .ec2: return .ec2
        case .okp: return .okp
        case .rsa: return .rsa
        case .akp: return .akp
        }
    }

    /// A P-256 ES256 key, the only kind the authenticator creates.
    public init(p256 key: P256PublicKey) {
        algorithm = .es256
        parameters = .ec2(curve: Curve.p256, x: key.x, y: key.y)
    }

    public init(cbor: CBOR) throws(WebAuthnError) {
        guard case .map = cbor else { throw .malformedCOSEKey("not a CBOR map") }
        guard let kty = cbor[int: 1]?.intValue, let type = KeyType(rawValue: kty) else {
            throw .malformedCOSEKey("kty (1) is missing or not OKP/EC2/RSA")
        }
        if let a = cbor[int: 3] {
            guard let alg = a.intValue else { throw .malformedCOSEKey("alg (3) is not an integer") }
            algorithm = COSEAlgorithm(alg)
        } else {
            algorithm = nil
        }
        switch type {
        case .ec2:
            guard let crv = cbor[int: -1]?.intValue else { throw .malformedCOSEKey("EC2 crv (-1) missing") }
            guard let x = cbor[int: -2]?.bytesValue else { throw .malformedCOSEKey("EC2 x (-2) missing") }
            guard let y = cbor[int: -3]?.bytesValue else {
                throw .malformedCOSEKey("EC2 y (-3) missing or compressed (not allowed in WebAuthn)")
            }
            let len: Int
            switch crv {
            case Curve.p256: len = 32
            case Curve.p384: len = 48
            case Curve.p521: len = 66
            default: throw .malformedCOSEKey("EC2 curve \(crv) is not supported")
            }
            guard x.count == len, y.count == len else { throw .malformedCOSEKey("EC2 coordinates must be \(len) bytes for curve \(crv)") }
            parameters = .ec2(curve: crv, x: x, y: y)
        case .okp:
            guard let crv = cbor[int: -1]?.intValue else { throw .malformedCOSEKey("OKP crv (-1) missing") }
            guard let x = cbor[int: -2]?.bytesValue else { throw .malformedCOSEKey("OKP x (-2) missing") }
            switch crv {
            case Curve.ed25519: guard x.count == 32 else { throw .malformedCOSEKey("Ed25519 key must be 32 bytes") }
            case Curve.ed448: guard x.count == 57 else { throw .malformedCOSEKey("Ed448 key must be 57 bytes") }
            default: throw .malformedCOSEKey("OKP curve \(crv) is not supported")
            }
            parameters = .okp(curve: crv, x: x)
        case .rsa:
            guard let n = cbor[int: -1]?.bytesValue, !n.isEmpty else { throw .malformedCOSEKey("RSA n (-1) missing") }
            guard let e = cbor[int: -2]?.bytesValue, !e.isEmpty else { throw .malformedCOSEKey("RSA e (-2) missing") }
            parameters = .rsa(n: n, e: e)
        case .akp:
            guard let pub = cbor[int: -1]?.bytesValue, !pub.isEmpty else { throw .malformedCOSEKey("AKP pub (-1) missing") }
            parameters = .akp(publicKey: pub)
        }
    }

    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let cbor: CBOR
        do { cbor = try CBORDecoder(maxDepth: 4, maxInputLength: 16384).decode(bytes) } catch { throw .cbor(error) }
        try self.init(cbor: cbor)
    }

    public var cbor: CBOR {
        var entries: [(CBOR, CBOR)] = [(1, .int(keyType.rawValue))]
        if let algorithm { entries.append((3, .int(algorithm.rawValue))) }
        switch parameters {
        case .ec2(let crv, let x, let y): entries += [(-1, .int(crv)), (-2, .bytes(x)), (-3, .bytes(y))]
        case .okp(let crv, let x): entries += [(-1, .int(crv)), (-2, .bytes(x))]
        case .rsa(let n, let e): entries += [(-1, .bytes(n)), (-2, .bytes(e))]
        case .akp(let pub): entries += [(-1, .bytes(pub))]
        }
        return .map(entries)
    }

    /// Canonical CTAP2 encoding.
    public var bytes: [UInt8] { CBOREncoder.encode(cbor) }

    /// The key as an OpenSSL verifying key. Points off the curve are rejected here.
    public func publicKey() throws(CryptoError) -> PublicKey {
        switch parameters {
        case .ec2(let crv, let x, let y):
            let curve: ECCurve = crv == Curve.p256 ? .p256 : crv == Curve.p384 ? .p384 : .p521
            return try PublicKey(ecCurve: curve, x: x, y: y)
        case .okp(let crv, let x):
            return crv == Curve.ed25519 ? try PublicKey(ed25519: x) : try PublicKey(ed448: x)
        case .rsa(let n, let e):
            return try PublicKey(rsaModulus: n, exponent: e)
        case .akp:
            throw .unsupportedAlgorithm("\(algorithm?.name ?? "AKP key"): ML-DSA is not available in OpenSSL 3.0")
        }
    }

    /// The OKP curve, which selects Ed25519 or Ed448 for the generic EdDSA (-8) identifier.
    public var okpCurve: Int? {
        if case .okp(let c, _) = parameters { return c }
        return nil
    }
}
