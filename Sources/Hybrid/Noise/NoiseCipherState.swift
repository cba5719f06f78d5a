import LatchkeyCrypto

/// Noise's CipherState (§5.1) with AESGCM (§12.3): a key and a 64-bit nonce counter; the
/// nonce is 32 zero bits then the counter big-endian.
public struct NoiseCipherState: Sendable {
    private(set) var key: [UInt8]?
    private(set) var nonce: UInt64 = 0

    init(key: [UInt8]? = nil) { self.key = key }

    mutating func initializeKey(_ key: [UInt8]) {
        self.key = key
        nonce = 0
    }

    var hasKey: Bool { key != nil }

    /// AEAD nonce n as AESGCM takes it.
    static func aesGCMNonce(_ n: UInt64) -> [UInt8] {
        [0, 0, 0, 0] + (0..<8).map { UInt8(truncatingIfNeeded: n >> (56 - 8 * UInt64($0))) }
    }

    public mutating func encrypt(ad: [UInt8], plaintext: [UInt8]) throws -> [UInt8] {
        guard let key else { return plaintext }
        // 2^64-1 is reserved (§5.1): a session that long has to rekey or end.
        guard nonce < UInt64.max else { throw NoiseError.nonceExhausted }
        let box = try AESGCM.seal(plaintext, key: key, nonce: Self.aesGCMNonce(nonce), aad: ad)
        nonce += 1
        return box.ciphertext + box.tag
    }

    public mutating func decrypt(ad: [UInt8], ciphertext: [UInt8]) throws -> [UInt8] {
        guard let key else { return ciphertext }
        guard nonce < UInt64.max else { throw NoiseError.nonceExhausted }
        guard ciphertext.count >= AESGCM.tagLength else { throw NoiseError.truncated }
        let split = ciphertext.count - AESGCM.tagLength
        let box = AESGCM.SealedBox(
            nonce: Self.aesGCMNonce(nonce), ciphertext: Array(ciphertext[..<split]), tag: Array(ciphertext[split...]))
        let plaintext: [UInt8]
        do { plaintext = try AESGCM.open(box, key: key, aad: ad).bytes } catch { throw NoiseError.decryptionFailed }
        nonce += 1
        return plaintext
    }
}

/// Why a Noise handshake or transport message was refused.
public enum NoiseError: Error, Equatable, Sendable, CustomStringConvertible {
    case decryptionFailed
    case truncated
    case nonceExhausted
    case missingKey(String)
    case handshakeFinished
    case handshakeNotFinished
    case badPublicKey

    public var description: String {
        switch self {
        case .decryptionFailed: return "a Noise message failed authentication (wrong key, or tampered with)"
        case .truncated: return "a Noise message is shorter than its keys and tag"
        case .nonceExhausted: return "the Noise nonce counter is exhausted"
        case .missingKey(let which): return "the Noise pattern needs \(which), which was not given"
        case .handshakeFinished: return "the Noise handshake has no more messages"
        case .handshakeNotFinished: return "the Noise handshake is not finished"
        case .badPublicKey: return "a Noise public key was refused"
        }
    }
}
