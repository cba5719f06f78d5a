import COpenSSL

/// A P-256 signing key. Imports and exports the raw 32-byte scalar, PKCS#8 DER, and the public
/// half as SPKI DER or affine coordinates (from which `WebAuthn` builds the COSE key).
public final class P256PrivateKey: @unchecked Sendable { // key fixed at init; signing context under lock
    let pkey: PKey
    /// The public point, kept when the key was generated here (reading it back from a legacy
    /// key through the parameter API would export the key to the provider).
    private let knownPublicPoint: [UInt8]?
    /// Generated on the EC_KEY fast path: signed with ECDSA_sign, never through the provider.
    private let isLegacyEC: Bool
    /// A signing context initialised once: `EVP_PKEY_sign_init` re-fetches the algorithm, which
    /// is a large share of a P-256 signature's cost. Guarded by `lock`; contexts are not reentrant.
    private var signContext: OpaquePointer?
    private let lock = Lock()

    init(pkey: PKey, publicPoint: [UInt8]? = nil, legacyEC: Bool = false) {
        self.pkey = pkey
        self.knownPublicPoint = publicPoint
        self.isLegacyEC = legacyEC
    }

    deinit { if let signContext { EVP_PKEY_CTX_free(signContext) } }

    /// A fresh key from OpenSSL's CSPRNG, on the shared P-256 group (see `latchkey_ec_generate`).
    public static func generate() throws(CryptoError) -> P256PrivateKey {
        var point = [UInt8](repeating: 0, count: 65)
        guard let key = latchkey_ec_generate(SharedGroups.p256, &point, 65) else { throw .fromQueue("EC_KEY_generate_key") }
        return P256PrivateKey(pkey: PKey(taking: key), publicPoint: point, legacyEC: true)
    }

    /// A key from a random source: 32 bytes are drawn until they form a scalar in [1, n-1].
    /// Used with `DeterministicRandom` so vector generation is reproducible.
    public static func generate(using random: any RandomSource) throws(CryptoError) -> P256PrivateKey {
        if random is SystemRandom { return try generate() }
        for _ in 0..<16 {
            var candidate = random.bytes(32)
            defer { cleanse(&candidate) }
            // a candidate outside [1, n-1] is drawn again; 16 misses throw below
            if let key = try? P256PrivateKey(rawScalar: candidate) { return key }
        }
        throw .invalidKey("random source produced no valid P-256 scalar")
    }

    /// Imports a big-endian scalar; the public point is recomputed so exports are complete.
    public convenience init(rawScalar: some ContiguousBytes) throws(CryptoError) {
        guard rawScalar.withUnsafeBytes({ $0.count }) == 32 else { throw .invalidKey("P-256 scalar must be 32 bytes") }
        guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else { throw .fromQueue("EC_GROUP_new_by_curve_name") }
        defer { EC_GROUP_free(group) }
        let built: Result<PKey, CryptoError>? = withBignum(rawScalar) { d -> Result<PKey, CryptoError> in
            guard BN_is_zero(d) == 0, BN_cmp(d, EC_GROUP_get0_order(group)) < 0 else {
                return .failure(.invalidKey("P-256 scalar is zero or not below the group order"))
            }
            guard let point = EC_POINT_new(group) else { return .failure(.fromQueue("EC_POINT_new")) }
            defer { EC_POINT_free(point) }
            guard EC_POINT_mul(group, point, d, nil, nil, nil) == 1 else { return .failure(.fromQueue("EC_POINT_mul")) }
            var pub = [UInt8](repeating: 0, count: 65)
            guard EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, &pub, 65, nil) == 65 else {
                return .failure(.fromQueue("EC_POINT_point2oct"))
            }
            return Result { () throws(CryptoError) -> PKey in
                try PKey.fromData(
                    type: "EC", selection: LATCHKEY_EVP_PKEY_KEYPAIR,
                    [
                        .utf8(OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1"), .bignum(OSSL_PKEY_PARAM_PRIV_KEY, d),
                        .octets(OSSL_PKEY_PARAM_PUB_KEY, pub),
                    ])
            }
        }
        guard let built else { throw .fromQueue("BN_bin2bn") }
        self.init(pkey: try built.get())
    }

    /// Imports PKCS#8 `PrivateKeyInfo` DER holding a P-256 key; anything else is rejected.
    public convenience init(pkcs8 der: some ContiguousBytes) throws(CryptoError) {
        guard let pkey = PKey(pkcs8: der, maximumLength: 4095) else { throw CryptoError.fromQueue("d2i_PKCS8_PRIV_KEY_INFO") }
        guard pkey.baseID == EVP_PKEY_EC, pkey.groupName == "prime256v1" else {
            throw .invalidKey("PKCS#8 key is not an EC P-256 key")
        }
        self.init(pkey: pkey)
    }

    /// PKCS#8 `PrivateKeyInfo` DER. This is secret material.
    public var pkcs8: SecureBytes { pkey.pkcs8 }

    /// The big-endian private scalar, left-padded to 32 bytes. This is secret material.
    public var rawScalar: SecureBytes {
        var bn: OpaquePointer? = nil
        guard EVP_PKEY_get_bn_param(pkey.raw, OSSL_PKEY_PARAM_PRIV_KEY, &bn) == 1, let bn else {
            ERR_clear_error()
            return SecureBytes(count: 0)
        }
        defer { BN_clear_free(bn) }
        let out = SecureBytes(count: 32)
        _ = out.withUnsafeMutableBytes { BN_bn2binpad(bn, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 32) }
        return out
    }

    public var publicKey: P256PublicKey {
        // A key built by this type always carries its public point.
        P256PublicKey(uncompressed: knownPublicPoint ?? pkey.encodedPublicKey ?? [])
    }

    /// ECDSA-SHA256 over `message`, DER-encoded (the WebAuthn/COSE ES256 wire form).
    public func sign(_ message: some ContiguousBytes) throws(CryptoError) -> [UInt8] {
        try signDigest(Digest.sha256(message))
    }

    /// ECDSA over a precomputed SHA-256 digest, DER-encoded.
    public func signDigest(_ digest: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard digest.count == 32 else { throw .invalidParameter("ES256 digest must be 32 bytes") }
        if isLegacyEC {
            var sig = [UInt8](repeating: 0, count: 72)
            var len: UInt32 = 72
            guard latchkey_ecdsa_sign_digest(pkey.raw, digest, 32, &sig, &len) == 1 else { throw .fromQueue("ECDSA_sign") }
            sig.removeLast(sig.count - Int(len))
            return sig
        }
        let result: Result<[UInt8], CryptoError> = lock.withLock {
            if signContext == nil {
                guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, pkey.raw, nil) else {
                    return .failure(.fromQueue("EVP_PKEY_CTX_new_from_pkey"))
                }
                guard EVP_PKEY_sign_init(ctx) == 1, EVP_PKEY_CTX_set_signature_md(ctx, FetchedDigests.sha256) == 1 else {
                    EVP_PKEY_CTX_free(ctx)
                    return .failure(.fromQueue("EVP_PKEY_sign_init"))
                }
                signContext = ctx
            }
            var sig = [UInt8](repeating: 0, count: 72)
            var len = sig.count
            guard EVP_PKEY_sign(signContext, &sig, &len, digest, 32) == 1 else { return .failure(.fromQueue("EVP_PKEY_sign")) }
            sig.removeLast(sig.count - len)
            return .success(sig)
        }
        return try result.get()
    }

    /// ECDH with a peer P-256 public key: the shared x-coordinate (used by CTAP's PIN/UV protocol).
    public func sharedSecret(with peer: P256PublicKey) throws(CryptoError) -> SecureBytes {
        let peerKey = try peer.verifyingKey()
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_derive_init(ctx), "EVP_PKEY_derive_init")
        try check(EVP_PKEY_derive_set_peer(ctx, peerKey.pkey.raw), "EVP_PKEY_derive_set_peer")
        let out = SecureBytes(count: 32)
        var len = 32
        let rc = out.withUnsafeMutableBytes { EVP_PKEY_derive(ctx, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), &len) }
        try check(rc, "EVP_PKEY_derive")
        return out
    }
}

/// A P-256 public point as affine coordinates.
public struct P256PublicKey: Equatable, Hashable, Sendable {
    public let x: [UInt8]
    public let y: [UInt8]

    public init(x: [UInt8], y: [UInt8]) {
        self.x = x
        self.y = y
    }

    init(uncompressed: [UInt8]) {
        if uncompressed.count == 65 {
            x = Array(uncompressed[1...32])
            y = Array(uncompressed[33...64])
        } else {
            x = []
            y = []
        }
    }

    /// 0x04 ‖ x ‖ y
    public var uncompressed: [UInt8] { [0x04] + x + y }

    /// Validates the point (on the curve, not infinity) and returns a verifying key.
    public func verifyingKey() throws(CryptoError) -> PublicKey {
        try PublicKey(ecCurve: .p256, x: x, y: y)
    }

    // x and y come from this valid private key, so only an OpenSSL failure could leave it empty
    public var spki: [UInt8] { (try? verifyingKey().spki) ?? [] }
}
