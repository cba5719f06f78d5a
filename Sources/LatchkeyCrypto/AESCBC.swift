import COpenSSL

/// AES-256-CBC without padding, as CTAP 2.1's PIN/UV auth protocols use it (§6.5.6, §6.5.7):
/// whole 16-byte blocks only, the IV given by the caller (all zeros for protocol 1, random and
/// sent first for protocol 2). Unauthenticated: CTAP pairs it with an HMAC the caller checks.
public enum AESCBC {
    public static let keyLength = 32
    public static let blockLength = 16
    nonisolated(unsafe) static let cipher = EVP_CIPHER_fetch(nil, "AES-256-CBC", nil)!

    public static func encrypt(_ plaintext: some ContiguousBytes, key: some ContiguousBytes, iv: [UInt8]) throws(CryptoError) -> [UInt8] {
        try run(encrypt: true, plaintext, key: key, iv: iv)
    }

    public static func decrypt(_ ciphertext: some ContiguousBytes, key: some ContiguousBytes, iv: [UInt8]) throws(CryptoError) -> [UInt8] {
        try run(encrypt: false, ciphertext, key: key, iv: iv)
    }

    private static func run(encrypt: Bool, _ input: some ContiguousBytes, key: some ContiguousBytes, iv: [UInt8]) throws(CryptoError)
        -> [UInt8]
    {
        guard iv.count == blockLength else { throw .invalidParameter("the CBC IV must be 16 bytes") }
        let count = input.withUnsafeBytes { $0.count }
        guard count % blockLength == 0 else { throw .invalidParameter("CBC without padding takes whole 16-byte blocks") }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw .fromQueue("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: count + blockLength)
        let result: Result<Int, CryptoError> = key.withUnsafeBytes { k in
            guard k.count == keyLength else { return .failure(.invalidKey("AES-256-CBC key must be 32 bytes")) }
            return input.withUnsafeBytes { i in
                out.withUnsafeMutableBytes { o in
                    let kp = k.baseAddress?.assumingMemoryBound(to: UInt8.self)
                    guard EVP_CipherInit_ex(ctx, cipher, nil, kp, iv, encrypt ? 1 : 0) == 1, EVP_CIPHER_CTX_set_padding(ctx, 0) == 1 else {
                        return .failure(.fromQueue("EVP_CipherInit_ex"))
                    }
                    var len: Int32 = 0
                    if count > 0,
                        EVP_CipherUpdate(
                            ctx, o.baseAddress?.assumingMemoryBound(to: UInt8.self), &len,
                            i.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(count)) != 1
                    {
                        return .failure(.fromQueue("EVP_CipherUpdate"))
                    }
                    var finalLen: Int32 = 0
                    guard EVP_CipherFinal_ex(ctx, o.baseAddress!.assumingMemoryBound(to: UInt8.self) + Int(len), &finalLen) == 1 else {
                        return .failure(.fromQueue("EVP_CipherFinal_ex"))
                    }
                    return .success(Int(len + finalLen))
                }
            }
        }
        let produced = try result.get()
        return Array(out[0..<produced])
    }
}
