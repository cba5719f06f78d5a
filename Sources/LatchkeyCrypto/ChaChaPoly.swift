/// ChaCha20-Poly1305 (RFC 8439) with a 96-bit nonce and a 128-bit tag: the AEAD of the age
/// file format, which the vault export writes.
public enum ChaChaPoly {
    public static let keyLength = 32
    public static let nonceLength = 12
    public static let tagLength = 16

    /// The ciphertext followed by its tag.
    public static func seal(
        _ plaintext: some ContiguousBytes, key: some ContiguousBytes, nonce: [UInt8], aad: some ContiguousBytes = [UInt8]()
    ) throws(CryptoError) -> [UInt8] {
        let (ciphertext, tag) = try AEAD.chaCha20Poly1305.seal(plaintext, key: key, nonce: nonce, aad: aad)
        return ciphertext + tag
    }

    /// Opens a ciphertext followed by its tag; any tag mismatch (or a box shorter than a tag) is
    /// `CryptoError.authenticationFailed`.
    public static func open(
        _ sealed: [UInt8], key: some ContiguousBytes, nonce: [UInt8], aad: some ContiguousBytes = [UInt8]()
    ) throws(CryptoError) -> SecureBytes {
        guard sealed.count >= tagLength else { throw .authenticationFailed }
        return try AEAD.chaCha20Poly1305.open(
            Array(sealed.dropLast(tagLength)), tag: Array(sealed.suffix(tagLength)), key: key, nonce: nonce, aad: aad)
    }
}
