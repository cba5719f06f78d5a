import COpenSSL

/// PKCS#8 `PrivateKeyInfo` DER in and out of an `EVP_PKEY`, for the private-key types that keep
/// their keys that way (the P-256 and RSA keys; each checks the key type it expects).
extension PKey {
    /// The key in `der`, or nil when it is not one whole PKCS#8 structure (trailing bytes are a
    /// malformed input, not a key). The key type is the caller's check.
    convenience init?(pkcs8 der: some ContiguousBytes, maximumLength: Int) {
        let key: OpaquePointer? = der.withUnsafeBytes { b in
            guard b.count > 0, b.count <= maximumLength, let start = b.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
                return nil
            }
            var p: UnsafePointer<UInt8>? = UnsafePointer(start)
            guard let info = d2i_PKCS8_PRIV_KEY_INFO(nil, &p, b.count) else { return nil }
            defer { PKCS8_PRIV_KEY_INFO_free(info) }
            guard p == UnsafePointer(start) + b.count else { return nil }
            return EVP_PKCS82PKEY(info)
        }
        guard let key else { return nil }
        self.init(taking: key)
    }

    /// The private key as PKCS#8 DER (empty if OpenSSL cannot export it). This is secret material.
    var pkcs8: SecureBytes {
        guard let info = EVP_PKEY2PKCS8(raw) else { return SecureBytes(count: 0) }
        defer { PKCS8_PRIV_KEY_INFO_free(info) }
        var p: UnsafeMutablePointer<UInt8>? = nil
        let len = i2d_PKCS8_PRIV_KEY_INFO(info, &p)
        guard len > 0, let p else { return SecureBytes(count: 0) }
        defer {
            OPENSSL_cleanse(p, Int(len))
            latchkey_openssl_free(p)
        }
        return SecureBytes(UnsafeBufferPointer(start: p, count: Int(len)))
    }
}
