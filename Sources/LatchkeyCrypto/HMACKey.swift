import COpenSSL

/// An HMAC-SHA256 key prepared once (`EVP_MAC_init`), then duplicated per message: keying
/// costs more than MACing a short message, and the vault MACs every row under one key.
public final class HMACKey: @unchecked Sendable {
    private let template: OpaquePointer
    private let lock = Lock()

    public init(_ key: some ContiguousBytes) throws(CryptoError) {
        guard let mac = EVP_MAC_fetch(nil, "HMAC", nil) else { throw .fromQueue("EVP_MAC_fetch(HMAC)") }
        defer { EVP_MAC_free(mac) }
        guard let ctx = EVP_MAC_CTX_new(mac) else { throw .fromQueue("EVP_MAC_CTX_new") }
        let params = OwnedParams()
        params.utf8(OSSL_MAC_PARAM_DIGEST, "SHA256")
        let rc = key.withUnsafeBytes { k in
            params.withParams { p in EVP_MAC_init(ctx, k.baseAddress?.assumingMemoryBound(to: UInt8.self), k.count, p) }
        }
        guard rc == 1 else { EVP_MAC_CTX_free(ctx); throw .fromQueue("EVP_MAC_init") }
        template = ctx
    }

    deinit { EVP_MAC_CTX_free(template) } // frees and cleanses the key schedule

    public func authenticate(_ parts: [UInt8]...) -> [UInt8] {
        let ctx: OpaquePointer? = lock.withLock { EVP_MAC_CTX_dup(template) }
        guard let ctx else { preconditionFailure("EVP_MAC_CTX_dup failed") }
        defer { EVP_MAC_CTX_free(ctx) }
        for part in parts { _ = part.withUnsafeBufferPointer { EVP_MAC_update(ctx, $0.baseAddress, $0.count) } }
        var out = [UInt8](repeating: 0, count: 32)
        var len = 0
        precondition(EVP_MAC_final(ctx, &out, &len, 32) == 1 && len == 32, "EVP_MAC_final failed")
        return out
    }
}
