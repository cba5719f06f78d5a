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
            BN_free(r); BN_free(s)
            throw .fromQueue("ECDSA_SIG_set0")
        }
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_ECDSA_SIG(sig, &p)
        guard len > 0, let p else { throw .fromQueue("i2d_ECDSA_SIG") }
        defer { latchkey_openssl_free(p) }
        return Array(UnsafeBufferPointer(start: p, count: Int(len)))
    }
}
