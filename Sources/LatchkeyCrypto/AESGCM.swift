import COpenSSL

/// AES-256-GCM with a 96-bit nonce and a 128-bit tag.
public enum AESGCM {
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
        let (ciphertext, tag) = try AEAD.aes256GCM.seal(plaintext, key: key, nonce: n, aad: aad)
        return SealedBox(nonce: n, ciphertext: ciphertext, tag: tag)
    }

    /// Returns the plaintext as `SecureBytes`; any tag mismatch is `CryptoError.authenticationFailed`.
    public static func open(_ box: SealedBox, key: some ContiguousBytes, aad: some ContiguousBytes = [UInt8]()) throws(CryptoError)
        -> SecureBytes
    {
        try AEAD.aes256GCM.open(box.ciphertext, tag: box.tag, key: key, nonce: box.nonce, aad: aad)
    }
}
