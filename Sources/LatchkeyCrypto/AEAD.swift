import COpenSSL

/// One OpenSSL AEAD with a 256-bit key, a 96-bit nonce and a 128-bit tag (AES-256-GCM,
/// ChaCha20-Poly1305): the EVP calls both use, written once.
struct AEAD: @unchecked Sendable { // a fetched EVP_CIPHER, never changed
    /// Fetched once: a cipher passed by name makes OpenSSL 3 fetch the implementation on every init.
    let cipher: OpaquePointer
    let name: String

    static let aes256GCM = AEAD(name: "AES-256-GCM")
    static let chaCha20Poly1305 = AEAD(name: "ChaCha20-Poly1305")

    static let keyLength = 32
    static let nonceLength = 12
    static let tagLength = 16

    private init(name: String) {
        guard let cipher = EVP_CIPHER_fetch(nil, name, nil) else { fatalError("OpenSSL has no \(name)") }
        self.cipher = cipher
        self.name = name
    }

    func seal(
        _ plaintext: some ContiguousBytes, key: some ContiguousBytes, nonce: [UInt8], aad: some ContiguousBytes
    ) throws(CryptoError) -> (ciphertext: [UInt8], tag: [UInt8]) {
        guard nonce.count == Self.nonceLength else { throw .invalidParameter("\(name) nonce must be 12 bytes") }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .fromQueue("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var tag = [UInt8](repeating: 0, count: Self.tagLength)
        var out = [UInt8](repeating: 0, count: plaintext.withUnsafeBytes { $0.count })
        let result: Result<Void, CryptoError> = key.withUnsafeBytes { k in
            guard k.count == Self.keyLength else { return .failure(.invalidKey("\(name) key must be 32 bytes")) }
            return plaintext.withUnsafeBytes { p in
                aad.withUnsafeBytes { a in
                    out.withUnsafeMutableBytes { o in
                        var len: Int32 = 0
                        guard EVP_EncryptInit_ex(ctx, cipher, nil, nil, nil) == 1,
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, Int32(Self.nonceLength), nil) == 1,
                            EVP_EncryptInit_ex(ctx, nil, nil, k.baseAddress?.assumingMemoryBound(to: UInt8.self), nonce) == 1
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
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, Int32(Self.tagLength), &tag) == 1
                        else { return .failure(.fromQueue("EVP_EncryptFinal_ex")) }
                        return .success(())
                    }
                }
            }
        }
        try result.get()
        return (out, tag)
    }

    /// The plaintext as `SecureBytes`; any tag mismatch is `CryptoError.authenticationFailed`.
    func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: some ContiguousBytes, nonce: [UInt8], aad: some ContiguousBytes
    ) throws(CryptoError) -> SecureBytes {
        guard nonce.count == Self.nonceLength, tag.count == Self.tagLength else { throw .authenticationFailed }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .fromQueue("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        let out = SecureBytes(count: ciphertext.count)
        var tag = tag
        let result: Result<Void, CryptoError> = key.withUnsafeBytes { k in
            guard k.count == Self.keyLength else { return .failure(.invalidKey("\(name) key must be 32 bytes")) }
            return ciphertext.withUnsafeBytes { c in
                aad.withUnsafeBytes { a in
                    out.withUnsafeMutableBytes { o in
                        var len: Int32 = 0
                        guard EVP_DecryptInit_ex(ctx, cipher, nil, nil, nil) == 1,
                            EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, Int32(Self.nonceLength), nil) == 1,
                            EVP_DecryptInit_ex(ctx, nil, nil, k.baseAddress?.assumingMemoryBound(to: UInt8.self), nonce) == 1
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
                        guard EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, Int32(Self.tagLength), &tag) == 1 else {
                            return .failure(.fromQueue("EVP_CTRL_AEAD_SET_TAG"))
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
