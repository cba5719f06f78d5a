import COpenSSL

/// A MAC key prepared once (`EVP_MAC_init`), then duplicated per message: keying costs more
/// than MACing a short message, and the vault MACs every row under one key. HMAC-SHA256 by
/// default; keyed BLAKE2b-256 (`BLAKE2BMAC`, one pass instead of HMAC's two) where a MAC runs
/// once per row of a large table. Both give 32-byte tags.
public final class HMACKey: @unchecked Sendable { // template fixed at init; EVP_MAC_CTX_dup only reads it
    public enum Algorithm: Sendable { case hmacSHA256, blake2b256 }

    /// Never modified after `init`: `EVP_MAC_CTX_dup` only reads it, so concurrent dups need no lock.
    private let template: OpaquePointer

    public init(_ key: some ContiguousBytes, algorithm: Algorithm = .hmacSHA256) throws(CryptoError) {
        let name = algorithm == .hmacSHA256 ? "HMAC" : "BLAKE2BMAC"
        guard let mac = EVP_MAC_fetch(nil, name, nil) else { throw .fromQueue("EVP_MAC_fetch(\(name))") }
        defer { EVP_MAC_free(mac) }
        guard let ctx = EVP_MAC_CTX_new(mac) else { throw .fromQueue("EVP_MAC_CTX_new") }
        let params = OwnedParams()
        if algorithm == .hmacSHA256 { params.utf8(OSSL_MAC_PARAM_DIGEST, "SHA256") } else { params.size(OSSL_MAC_PARAM_SIZE, 32) }
        let rc = key.withUnsafeBytes { k in
            params.withParams { p in EVP_MAC_init(ctx, k.baseAddress?.assumingMemoryBound(to: UInt8.self), k.count, p) }
        }
        guard rc == 1 else {
            EVP_MAC_CTX_free(ctx)
            throw .fromQueue("EVP_MAC_init")
        }
        template = ctx
    }

    deinit { EVP_MAC_CTX_free(template) } // frees and cleanses the key schedule

    public func authenticate(_ message: [UInt8]) -> [UInt8] { authenticate(parts: [message]) }

    public func authenticate(_ first: [UInt8], _ rest: [UInt8]...) -> [UInt8] { authenticate(parts: [first] + rest) }

    /// MACs `message` into `out` (32 bytes) with no allocation: for loops over many rows.
    public func authenticate(_ message: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        precondition(out.count >= 32)
        let ctx: OpaquePointer? = EVP_MAC_CTX_dup(template)
        guard let ctx else { preconditionFailure("EVP_MAC_CTX_dup failed") }
        defer { EVP_MAC_CTX_free(ctx) }
        _ = EVP_MAC_update(ctx, message.baseAddress?.assumingMemoryBound(to: UInt8.self), message.count)
        var len = 0
        precondition(
            EVP_MAC_final(ctx, out.baseAddress!.assumingMemoryBound(to: UInt8.self), &len, 32) == 1 && len == 32, "EVP_MAC_final failed")
    }

    func authenticate(parts: [[UInt8]]) -> [UInt8] {
        let ctx: OpaquePointer? = EVP_MAC_CTX_dup(template)
        guard let ctx else { preconditionFailure("EVP_MAC_CTX_dup failed") }
        defer { EVP_MAC_CTX_free(ctx) }
        for part in parts { _ = part.withUnsafeBufferPointer { EVP_MAC_update(ctx, $0.baseAddress, $0.count) } }
        var out = [UInt8](repeating: 0, count: 32)
        var len = 0
        precondition(EVP_MAC_final(ctx, &out, &len, 32) == 1 && len == 32, "EVP_MAC_final failed")
        return out
    }
}
