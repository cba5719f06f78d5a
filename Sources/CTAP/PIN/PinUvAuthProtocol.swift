import CBOR
import LatchkeyCrypto

/// PIN/UV auth protocols one and two (CTAP 2.1 §6.5.6, §6.5.7): the authenticator's side of
/// the key agreement, and the encrypt / decrypt / authenticate / verify functions built on the
/// shared secret. The key-agreement key lives until the device is reset or a PIN mismatch asks
/// for a new one (§6.5.5.4: "regenerate").
public enum PinUvAuthProtocol: Int, Sendable, CaseIterable {
    case one = 1
    case two = 2

    /// The protocol's shared secret: 32 bytes for one (SHA-256 of the ECDH x-coordinate), 64 for
    /// two (an HMAC key then an AES key, both from HKDF-SHA-256).
    public func kdf(_ z: SecureBytes) throws(CryptoError) -> SecureBytes {
        switch self {
        case .one:
            return SecureBytes(Digest.sha256(z.bytes))
        case .two:
            let salt = [UInt8](repeating: 0, count: 32)
            let hmac = try HKDF.derive(.sha256, inputKeyMaterial: z, salt: salt, info: Array("CTAP2 HMAC key".utf8), outputLength: 32)
            let aes = try HKDF.derive(.sha256, inputKeyMaterial: z, salt: salt, info: Array("CTAP2 AES key".utf8), outputLength: 32)
            return SecureBytes(hmac.bytes + aes.bytes)
        }
    }

    private func aesKey(_ key: SecureBytes) -> [UInt8] { self == .two && key.count == 64 ? Array(key.bytes[32...]) : key.bytes }
    private func hmacKey(_ key: SecureBytes) -> [UInt8] { self == .two && key.count == 64 ? Array(key.bytes[..<32]) : key.bytes }

    public func encrypt(key: SecureBytes, _ plaintext: [UInt8]) throws(CryptoError) -> [UInt8] {
        switch self {
        case .one: return try AESCBC.encrypt(plaintext, key: aesKey(key), iv: [UInt8](repeating: 0, count: 16))
        case .two:
            let iv = SystemRandom.bytes(16)
            return iv + (try AESCBC.encrypt(plaintext, key: aesKey(key), iv: iv))
        }
    }

    /// Nil when the ciphertext has the wrong shape (the caller's CTAP error depends on the command).
    public func decrypt(key: SecureBytes, _ ciphertext: [UInt8]) -> [UInt8]? {
        switch self {
        case .one:
            guard ciphertext.count % 16 == 0 else { return nil }
            // nil: the caller answers with its command's CTAP error (see above)
            return try? AESCBC.decrypt(ciphertext, key: aesKey(key), iv: [UInt8](repeating: 0, count: 16))
        case .two:
            guard ciphertext.count >= 16, ciphertext.count % 16 == 0 else { return nil }
            // nil: the caller answers with its command's CTAP error (see above)
            return try? AESCBC.decrypt(Array(ciphertext[16...]), key: aesKey(key), iv: Array(ciphertext[..<16]))
        }
    }

    public func authenticate(key: SecureBytes, _ message: [UInt8]) -> [UInt8] {
        let mac = HMAC.authenticate(.sha256, key: hmacKey(key), data: message)
        return self == .one ? Array(mac[..<16]) : mac
    }

    /// Constant-time check of a pinUvAuthParam (16 bytes for protocol one, 32 for two).
    public func verify(key: SecureBytes, _ message: [UInt8], signature: [UInt8]) -> Bool {
        let expected = authenticate(key: key, message)
        return signature.count == expected.count && constantTimeEquals(expected, signature)
    }
}

/// The authenticator's key-agreement key pair (one for both protocols, as §6.5.4 allows).
final class KeyAgreementKey: @unchecked Sendable { // used only under its CTAPDevice's lock
    private(set) var key: P256PrivateKey

    init() throws(CryptoError) { key = try P256PrivateKey.generate() }

    func regenerate() throws(CryptoError) { key = try P256PrivateKey.generate() }

    /// getPublicKey(): the COSE_Key the platform encapsulates to (alg -25, ECDH-ES+HKDF-256).
    var cose: CBOR {
        let p = key.publicKey
        return .map([(.int(1), .int(2)), (.int(3), .int(-25)), (.int(-1), .int(1)), (.int(-2), .bytes(p.x)), (.int(-3), .bytes(p.y))])
    }

    /// decapsulate(peerCoseKey): the shared secret for `protocol`, or nil when the platform's key
    /// is not a P-256 point (CTAP: CTAP1_ERR_INVALID_PARAMETER).
    func sharedSecret(_ peer: CBOR, protocol p: PinUvAuthProtocol) -> SecureBytes? {
        guard peer[int: 1]?.intValue == 2, peer[int: -1]?.intValue == 1,
            let x = peer[int: -2]?.bytesValue, let y = peer[int: -3]?.bytesValue, x.count == 32, y.count == 32
        else { return nil }
        // a point not on the curve is nil, CTAP1_ERR_INVALID_PARAMETER to the caller
        guard let z = try? key.sharedSecret(with: P256PublicKey(x: x, y: y)) else { return nil }
        // HKDF fails only if OpenSSL does; the caller then refuses as for a bad key
        return try? p.kdf(z)
    }
}
