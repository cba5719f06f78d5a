import COpenSSL

/// An X25519 key agreement key (RFC 7748) through OpenSSL: the Noise protocol's own DH
/// function, with which its published test vectors are computed.
public final class X25519PrivateKey: Sendable {
    let pkey: PKey

    private init(pkey: PKey) { self.pkey = pkey }

    /// A fresh key from OpenSSL's CSPRNG.
    public static func generate() throws(CryptoError) -> X25519PrivateKey {
        guard let ctx = EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_id(X25519)") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_keygen_init(ctx), "EVP_PKEY_keygen_init")
        var key: OpaquePointer? = nil
        try check(EVP_PKEY_keygen(ctx, &key), "EVP_PKEY_keygen(X25519)")
        guard let key else { throw .fromQueue("EVP_PKEY_keygen(X25519)") }
        return X25519PrivateKey(pkey: PKey(taking: key))
    }

    /// A key from its 32 raw bytes (clamped by X25519 itself, as RFC 7748 says).
    public convenience init(rawPrivate: [UInt8]) throws(CryptoError) {
        guard rawPrivate.count == 32, let key = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nil, rawPrivate, 32) else {
            ERR_clear_error()
            throw .invalidKey("an X25519 private key is 32 bytes")
        }
        self.init(pkey: PKey(taking: key))
    }

    /// The 32-byte public key.
    public var publicKey: [UInt8] {
        var length = 32
        var out = [UInt8](repeating: 0, count: 32)
        guard EVP_PKEY_get_raw_public_key(pkey.raw, &out, &length) == 1, length == 32 else {
            ERR_clear_error()
            return []
        }
        return out
    }

    /// X25519(private, peer): the 32-byte shared secret. OpenSSL refuses a peer of small order
    /// (an all-zero result).
    public func sharedSecret(with peer: [UInt8]) throws(CryptoError) -> SecureBytes {
        guard peer.count == 32, let peerKey = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nil, peer, 32) else {
            ERR_clear_error()
            throw .invalidKey("an X25519 public key is 32 bytes")
        }
        let peerPKey = PKey(taking: peerKey)
        guard let ctx = EVP_PKEY_CTX_new_from_pkey(nil, pkey.raw, nil) else { throw .fromQueue("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(ctx) }
        try check(EVP_PKEY_derive_init(ctx), "EVP_PKEY_derive_init")
        try check(EVP_PKEY_derive_set_peer(ctx, peerPKey.raw), "EVP_PKEY_derive_set_peer")
        let out = SecureBytes(count: 32)
        var length = 32
        let rc = out.withUnsafeMutableBytes { EVP_PKEY_derive(ctx, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), &length) }
        try check(rc, "EVP_PKEY_derive(X25519)")
        guard length == 32 else { throw .invalidParameter("X25519 produced \(length) bytes") }
        return out
    }
}
