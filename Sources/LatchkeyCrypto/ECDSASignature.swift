import COpenSSL

/// Conversions between ECDSA signature encodings: DER (X9.62, WebAuthn) and fixed r‖s (JOSE).
public enum ECDSASignature {
    public static func der(fromRaw raw: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard !raw.isEmpty, raw.count % 2 == 0, raw.count <= 132 else { throw .invalidSignature }
        let half = raw.count / 2
        guard let sig = ECDSA_SIG_new() else { throw .fromQueue("ECDSA_SIG_new") }
        defer { ECDSA_SIG_free(sig) }
        let r = BN_bin2bn(raw, Int32(half), nil)
        let s = raw.withUnsafeBufferPointer { BN_bin2bn($0.baseAddress! + half, Int32(half), nil) }
        guard let r, let s, ECDSA_SIG_set0(sig, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            throw .fromQueue("ECDSA_SIG_set0")
        }
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_ECDSA_SIG(sig, &p)
        guard len > 0, let p else { throw .fromQueue("i2d_ECDSA_SIG") }
        defer { latchkey_openssl_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: Int(len)))
    }

    /// DER → fixed-width r‖s (JOSE ES256 uses 32-byte halves).
    public static func raw(fromDER der: [UInt8], halfLength: Int = 32) throws(CryptoError) -> [UInt8] {
        let sig: OpaquePointer? = der.withUnsafeBufferPointer { b in
            var p: UnsafePointer<UInt8>? = b.baseAddress
            return d2i_ECDSA_SIG(nil, &p, b.count)
        }
        guard let sig else {
            ERR_clear_error()
            throw .invalidSignature
        }
        defer { ECDSA_SIG_free(sig) }
        var out = [UInt8](repeating: 0, count: 2 * halfLength)
        guard let r = ECDSA_SIG_get0_r(sig), let s = ECDSA_SIG_get0_s(sig),
            BN_bn2binpad(r, &out, Int32(halfLength)) == Int32(halfLength)
        else { throw .invalidSignature }
        let ok = out.withUnsafeMutableBufferPointer { BN_bn2binpad(s, $0.baseAddress! + halfLength, Int32(halfLength)) }
        guard ok == Int32(halfLength) else { throw .invalidSignature }
        return out
    }
}
