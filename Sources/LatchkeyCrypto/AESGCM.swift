import COpenSSL

/// AES-256-GCM with a 96-bit nonce and a 128-bit tag.
public enum AESGCM {
    /// Fetched once: passing `EVP_aes_256_gcm()` makes OpenSSL 3 fetch the implementation on every init.
    nonisolated(unsafe) static let cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)!

    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16

    public struct SealedBox: Equatable, Sendable {
        public var nonce: [UInt8]
        public var ciphertext: [UInt8]
        public var tag: [UInt8]
        public init(nonce: [UInt8], ciphertext: [UInt8], tag: [UInt8]) {
            self.nonce = nonce
            self.ciphertext = ciphertext
            self.tag = tag
        }
        /// nonce ‖ ciphertext ‖ tag
        public var combined: [UInt8] { nonce + ciphertext + tag }
        public init(combined: [UInt8]) throws(CryptoError) {
            guard combined.count >= AESGCM.nonceLength + AESGCM.tagLength else {
                throw .invalidParameter("sealed box is shorter than nonce and tag")
            }
            nonce = Array(combined[0..<AESGCM.nonceLength])
            ciphertext = Array(combined[AESGCM.nonceLength..<(combined.count - AESGCM.tagLength)])
            tag = Array(combined[(combined.count - AESGCM.tagLength)...])
        }
    }

    public static func seal(
        _ plaintext: some ContiguousBytes, key: some ContiguousBytes, nonce: [UInt8]? = nil,
        aad: some ContiguousBytes = [UInt8]()
    ) throws(CryptoError) -> SealedBox {
        let n = nonce ?? SystemRandom.bytes(nonceLength)
        guard n.count == nonceLength else { throw .invalidParameter("GCM nonce must be 12 bytes") }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .fromQueue("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var tag = [UInt8](repeating: 0, count: tagLength)
        var out = [UInt8](repeating: 0, count: plaintext.withUnsafeBytes { $0.count })
        let result: Result<Void, CryptoError> = key.withUnsafeBytes { k in
            guard k.count == keyLength else { return .failure(.invalidKey("AES-256-GCM key must be 32 bytes")) }
            return plaintext.withUnsafeBytes { p in
                aad.withUnsafeBytes { a in
                    out.withUnsafeMutableBytes { o in
                        var len: Int32 = 0
                        guard EVP_EncryptInit_ex(ctx, cipher, nil, nil, nil) == 1,
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceLength), nil) == 1,
                            EVP_EncryptInit_ex(ctx, nil, nil, k.baseAddress?.assumingMemoryBound(to: UInt8.self), n) == 1
                        else { return .failure(.fromQueue("EVP_EncryptInit_ex")) }
                        if a.count > 0,
                            EVP_EncryptUpdate(ctx, nil, &len, a.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(a.count)) != 1
                        {
                            return .failure(.fromQueue("EVP_EncryptUpdate(aad)"))
                        }
                        if p.count > 0,
                            EVP_EncryptUpdate(
                                ctx, o.baseAddress?.assumingMemoryBound(to: UInt8.self), &len,
                                p.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(p.count)) != 1
                        {
                            return .failure(.fromQueue("EVP_EncryptUpdate"))
                        }
                        var finalLen: Int32 = 0
                        guard EVP_EncryptFinal_ex(ctx, nil, &finalLen) == 1,
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1
                        else { return .failure(.fromQueue("EVP_EncryptFinal_ex")) }
                        return .success(())
                    }
                }
            }
        }
        try result.get()
        return SealedBox(nonce: n, ciphertext: out, tag: tag)
    }

    /// Returns the plaintext as `SecureBytes`; any tag mismatch is `CryptoError.authenticationFailed`.
    public static func open(_ box: SealedBox, key: some ContiguousBytes, aad: some ContiguousBytes = [UInt8]()) throws(CryptoError)
        -> SecureBytes
    {
        guard box.nonce.count == nonceLength, box.tag.count == tagLength else { throw .authenticationFailed }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .fromQueue("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        let out = SecureBytes(count: box.ciphertext.count)
        var tag = box.tag
        let result: Result<Void, CryptoError> = key.withUnsafeBytes { k in
            guard k.count == keyLength else { return .failure(.invalidKey("AES-256-GCM key must be 32 bytes")) }
            return box.ciphertext.withUnsafeBytes { c in
                aad.withUnsafeBytes { a in
                    out.withUnsafeMutableBytes { o in
                        var len: Int32 = 0
                        guard EVP_DecryptInit_ex(ctx, cipher, nil, nil, nil) == 1,
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceLength), nil) == 1,
                            EVP_DecryptInit_ex(ctx, nil, nil, k.baseAddress?.assumingMemoryBound(to: UInt8.self), box.nonce) == 1
                        else { return .failure(.fromQueue("EVP_DecryptInit_ex")) }
                        if a.count > 0,
                            EVP_DecryptUpdate(ctx, nil, &len, a.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(a.count)) != 1
                        {
                            return .failure(.fromQueue("EVP_DecryptUpdate(aad)"))
                        }
                        if c.count > 0,
                            EVP_DecryptUpdate(
                                ctx, o.baseAddress?.assumingMemoryBound(to: UInt8.self), &len,
                                c.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(c.count)) != 1
                        {
                            return .failure(.fromQueue("EVP_DecryptUpdate"))
                        }
                        guard EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tag) == 1 else {
                            return .failure(.fromQueue("EVP_CTRL_GCM_SET_TAG"))
                        }
                        var finalLen: Int32 = 0
                        guard EVP_DecryptFinal_ex(ctx, nil, &finalLen) == 1 else {
                            ERR_clear_error()
                            return .failure(.authenticationFailed)
                        }
                        return .success(())
                    }
                }
            }
        }
        try result.get()
        return out
    }
}
