import COpenSSL

/// A verify-only public key of any type the WebAuthn verifier meets: EC (P-256/384/521),
/// Ed25519, Ed448 and RSA. Built from components (as COSE carries them) or from SPKI DER.
public final class PublicKey: Sendable {
    public enum KeyType: Equatable, Sendable {
        case ec(ECCurve)
        case ed25519, ed448
        case rsa(bits: Int)
    }

    let pkey: PKey
    public let type: KeyType

    init(pkey: PKey, knownType: KeyType) {
        self.pkey = pkey
        self.type = knownType
    }

    init(pkey: PKey) throws(CryptoError) {
        self.pkey = pkey
        switch pkey.baseID {
        case EVP_PKEY_EC:
            switch pkey.groupName {
            case "prime256v1": type = .ec(.p256)
            case "secp384r1": type = .ec(.p384)
            case "secp521r1": type = .ec(.p521)
            default: throw .unsupportedAlgorithm("EC curve \(pkey.groupName ?? "unknown")")
            }
        case EVP_PKEY_ED25519: type = .ed25519
        case EVP_PKEY_ED448: type = .ed448
        case EVP_PKEY_RSA, EVP_PKEY_RSA_PSS: type = .rsa(bits: pkey.bits)
        default: throw .unsupportedAlgorithm("public key type \(pkey.baseID)")
        }
    }

    /// An EC key from affine coordinates; OpenSSL rejects points that are not on the curve.
    public convenience init(ecCurve curve: ECCurve, x: [UInt8], y: [UInt8]) throws(CryptoError) {
        guard x.count == curve.coordinateLength, y.count == curve.coordinateLength else {
            throw .invalidKey("\(curve.rawValue) coordinates must be \(curve.coordinateLength) bytes")
        }
        let point = [0x04] + x + y
        if let fast = latchkey_ec_public_key(SharedGroups.group(curve), point, point.count) {
            self.init(pkey: PKey(taking: fast), knownType: .ec(curve))
            return
        }
        ERR_clear_error()
        let pkey: PKey
        do {
            pkey = try PKey.fromData(
                type: "EC", selection: LATCHKEY_EVP_PKEY_PUBLIC_KEY,
                [.utf8(OSSL_PKEY_PARAM_GROUP_NAME, curve.groupName), .octets(OSSL_PKEY_PARAM_PUB_KEY, point)])
        } catch {
            ERR_clear_error()
            throw .invalidKey("\(curve.rawValue) point is not on the curve")
        }
        try self.init(pkey: pkey)
    }

    public convenience init(ed25519 raw: [UInt8]) throws(CryptoError) {
        guard raw.count == 32, let k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, raw, 32) else {
            ERR_clear_error()
            throw .invalidKey("Ed25519 public key must be 32 valid bytes")
        }
        try self.init(pkey: PKey(taking: k))
    }

    public convenience init(ed448 raw: [UInt8]) throws(CryptoError) {
        guard raw.count == 57, let k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED448, nil, raw, 57) else {
            ERR_clear_error()
            throw .invalidKey("Ed448 public key must be 57 valid bytes")
        }
        try self.init(pkey: PKey(taking: k))
    }

    /// An RSA key from its modulus and public exponent (big-endian, as COSE carries them).
    public convenience init(rsaModulus n: [UInt8], exponent e: [UInt8]) throws(CryptoError) {
        guard n.count >= 128, n.count <= 1024, !e.isEmpty, e.count <= 8 else {
            throw .invalidKey("RSA modulus must be 1024–8192 bits and the exponent at most 8 bytes")
        }
        let built: Result<PKey, CryptoError>? = withBignum(n) { bn in
            withBignum(e) { be in
                Result { () throws(CryptoError) -> PKey in
                    try PKey.fromData(
                        type: "RSA", selection: LATCHKEY_EVP_PKEY_PUBLIC_KEY,
                        [.bignum(OSSL_PKEY_PARAM_RSA_N, bn), .bignum(OSSL_PKEY_PARAM_RSA_E, be)])
                }
            } ?? .failure(.invalidKey("RSA exponent"))
        }
        guard let built else { throw .invalidKey("RSA modulus") }
        try self.init(pkey: try built.get())
    }

    /// A key from SubjectPublicKeyInfo DER.
    public convenience init(spki der: [UInt8]) throws(CryptoError) {
        guard !der.isEmpty, der.count < 16384 else { throw .invalidKey("SPKI length") }
        let key: OpaquePointer? = der.withUnsafeBufferPointer { b in
            var p: UnsafePointer<UInt8>? = b.baseAddress
            let k = d2i_PUBKEY(nil, &p, b.count)
            if let k, p != b.baseAddress! + b.count {
                EVP_PKEY_free(k)
                return nil
            }
            return k
        }
        guard let key else {
            ERR_clear_error()
            throw .invalidKey("malformed SubjectPublicKeyInfo")
        }
        try self.init(pkey: PKey(taking: key))
    }

    public var spki: [UInt8] { pkey.spki }

    /// Uncompressed EC point or raw EdDSA key bytes; nil for RSA.
    public var rawPublicKey: [UInt8]? {
        switch type {
        case .ec:
            // Works for keys built on either import path (provider or EC_KEY).
            var p: UnsafeMutablePointer<UInt8>? = nil
            let len = EVP_PKEY_get1_encoded_public_key(pkey.raw, &p)
            guard len > 0, let p else {
                ERR_clear_error()
                return nil
            }
            defer { latchkey_openssl_free(p) }
            return Array(UnsafeBufferPointer(start: p, count: len))
        case .ed25519, .ed448:
            var len = 0
            guard EVP_PKEY_get_raw_public_key(pkey.raw, nil, &len) == 1 else { return nil }
            var out = [UInt8](repeating: 0, count: len)
            guard EVP_PKEY_get_raw_public_key(pkey.raw, &out, &len) == 1 else { return nil }
            return out
        case .rsa: return nil
        }
    }

    /// RSA modulus and exponent, big-endian; nil for other key types.
    public var rsaComponents: (n: [UInt8], e: [UInt8])? {
        guard case .rsa = type else { return nil }
        func bn(_ name: String) -> [UInt8]? {
            var b: OpaquePointer? = nil
            guard EVP_PKEY_get_bn_param(pkey.raw, name, &b) == 1, let b else { return nil }
            defer { BN_free(b) }
            var out = [UInt8](repeating: 0, count: Int((BN_num_bits(b) + 7) / 8))
            BN_bn2bin(b, &out)
            return out
        }
        guard let n = bn(OSSL_PKEY_PARAM_RSA_N), let e = bn(OSSL_PKEY_PARAM_RSA_E) else { return nil }
        return (n, e)
    }

    /// True when the algorithm can be used with this key type.
    public func supports(_ algorithm: SignatureAlgorithm) -> Bool {
        switch (type, algorithm) {
        case (.ec(.p256), .es256), (.ec(.p384), .es384), (.ec(.p521), .es512): return true
        case (.ed25519, .ed25519), (.ed448, .ed448): return true
        case (.rsa, .rs256), (.rsa, .rs384), (.rsa, .rs512), (.rsa, .rs1),
            (.rsa, .ps256), (.rsa, .ps384), (.rsa, .ps512):
            return true
        default: return false
        }
    }

    /// Verifies `signature` over `message`. Returns false for a wrong or malformed signature;
    /// throws only when the algorithm does not fit the key or OpenSSL cannot set up.
    public func verify(signature: some ContiguousBytes, message: some ContiguousBytes, algorithm: SignatureAlgorithm) throws(CryptoError)
        -> Bool
    {
        guard supports(algorithm) else {
            throw .unsupportedAlgorithm("\(algorithm.rawValue) does not match a \(type) key")
        }
        if let digest = algorithm.digest {
            return try verify(signature: signature, digest: Digest.hash(digest, message), algorithm: algorithm)
        }
        // EdDSA signs the message itself (PureEdDSA).
        guard let md = EVP_MD_CTX_new() else { throw .fromQueue("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(md) }
        try check(EVP_DigestVerifyInit_ex(md, nil, nil, nil, nil, pkey.raw, nil), "EVP_DigestVerifyInit")
        let rc = signature.withUnsafeBytes { s in
            message.withUnsafeBytes { m in
                EVP_DigestVerify(
                    md, s.baseAddress?.assumingMemoryBound(to: UInt8.self), s.count,
                    m.baseAddress?.assumingMemoryBound(to: UInt8.self), m.count)
            }
        }
        ERR_clear_error()
        return rc == 1
    }

    /// Verifies over a precomputed digest of the algorithm's hash (not for EdDSA).
    public func verify(signature: some ContiguousBytes, digest: [UInt8], algorithm: SignatureAlgorithm) throws(CryptoError) -> Bool {
        guard let md = algorithm.digest, digest.count == md.outputLength else {
            throw .invalidParameter("digest does not fit \(algorithm.rawValue)")
        }
        guard supports(algorithm) else { throw .unsupportedAlgorithm("\(algorithm.rawValue) does not match a \(type) key") }
        if case .ec = type {
            let rc = signature.withUnsafeBytes { s in
                latchkey_ecdsa_verify_digest(
                    pkey.raw, digest, Int32(digest.count), s.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(s.count))
            }
            if rc >= 0 {
                ERR_clear_error()
                return rc == 1
            }
        }
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_verify_init(ctx), "EVP_PKEY_verify_init")
        try check(EVP_PKEY_CTX_set_signature_md(ctx, md.md), "EVP_PKEY_CTX_set_signature_md")
        if case .rsa = type {
            if algorithm.isPSS {
                try check(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PSS_PADDING), "EVP_PKEY_CTX_set_rsa_padding")
                // RFC 8230: PS256/384/512 use MGF1 with the same hash and a salt as long as it.
                try check(EVP_PKEY_CTX_set_rsa_pss_saltlen(ctx, RSA_PSS_SALTLEN_DIGEST), "EVP_PKEY_CTX_set_rsa_pss_saltlen")
                try check(EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, md.md), "EVP_PKEY_CTX_set_rsa_mgf1_md")
            } else {
                try check(EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_PADDING), "EVP_PKEY_CTX_set_rsa_padding")
            }
        }
        let rc = signature.withUnsafeBytes { s in
            EVP_PKEY_verify(ctx, s.baseAddress?.assumingMemoryBound(to: UInt8.self), s.count, digest, digest.count)
        }
        ERR_clear_error()
        return rc == 1
    }
}
