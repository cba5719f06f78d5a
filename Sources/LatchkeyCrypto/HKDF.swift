import COpenSSL

/// HKDF (RFC 5869) through OpenSSL's `EVP_KDF`.
public enum HKDF {
    public static func derive(_ algorithm: DigestAlgorithm = .sha256, inputKeyMaterial: some ContiguousBytes,
                              salt: some ContiguousBytes, info: some ContiguousBytes, outputLength: Int) throws(CryptoError) -> SecureBytes {
        guard outputLength > 0, outputLength <= 255 * algorithm.outputLength else {
            throw .invalidParameter("HKDF output length \(outputLength) is out of range")
        }
        guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw .fromQueue("EVP_KDF_fetch(HKDF)") }
        defer { EVP_KDF_free(kdf) }
        guard let ctx = EVP_KDF_CTX_new(kdf) else { throw .fromQueue("EVP_KDF_CTX_new") }
        defer { EVP_KDF_CTX_free(ctx) }

        let out = SecureBytes(count: outputLength)
        var ikm = inputKeyMaterial.withUnsafeBytes { Array($0) }
        defer { cleanse(&ikm) }
        var saltBytes = salt.withUnsafeBytes { Array($0) }
        var infoBytes = info.withUnsafeBytes { Array($0) }
        var digestName = Array(algorithm.rawValue.utf8CString)
        let rc: Int32 = ikm.withUnsafeMutableBytes { k in
            saltBytes.withUnsafeMutableBytes { s in
                infoBytes.withUnsafeMutableBytes { i in
                    digestName.withUnsafeMutableBufferPointer { d in
                        var params: [OSSL_PARAM] = [
                            OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, d.baseAddress, 0),
                            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, k.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1), k.count),
                            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, s.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1), s.count),
                            OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, i.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1), i.count),
                            OSSL_PARAM_construct_end(),
                        ]
                        return out.withUnsafeMutableBytes { o in
                            EVP_KDF_derive(ctx, o.baseAddress!.assumingMemoryBound(to: UInt8.self), o.count, &params)
                        }
                    }
                }
            }
        }
        try check(rc, "EVP_KDF_derive(HKDF)")
        return out
    }
}
