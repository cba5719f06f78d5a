import COpenSSL

/// HKDF (RFC 5869) through OpenSSL's `EVP_KDF`.
public enum HKDF {
    public static func derive(
        _ algorithm: DigestAlgorithm = .sha256, inputKeyMaterial: some ContiguousBytes,
        salt: some ContiguousBytes, info: some ContiguousBytes, outputLength: Int
    ) throws(CryptoError) -> SecureBytes {
        guard outputLength > 0, outputLength <= 255 * algorithm.outputLength else {
            throw .invalidParameter("HKDF output length \(outputLength) is out of range")
        }
        guard let kdf = EVP_KDF_fetch(nil, "HKDF", nil) else { throw .fromQueue("EVP_KDF_fetch(HKDF)") }
        defer { EVP_KDF_free(kdf) }
        guard let ctx = EVP_KDF_CTX_new(kdf) else { throw .fromQueue("EVP_KDF_CTX_new") }
        defer { EVP_KDF_CTX_free(ctx) }

        let out = SecureBytes(count: outputLength)
        let params = OwnedParams()
        params.utf8(OSSL_KDF_PARAM_DIGEST, algorithm.rawValue)
        params.octets(OSSL_KDF_PARAM_KEY, inputKeyMaterial)
        params.octets(OSSL_KDF_PARAM_SALT, salt)
        params.octets(OSSL_KDF_PARAM_INFO, info)
        let rc = params.withParams { p in
            out.withUnsafeMutableBytes { o in EVP_KDF_derive(ctx, o.baseAddress!.assumingMemoryBound(to: UInt8.self), o.count, p) }
        }
        try check(rc, "EVP_KDF_derive(HKDF)")
        return out
    }
}
