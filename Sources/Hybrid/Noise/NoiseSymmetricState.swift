import LatchkeyCrypto

/// Noise's SymmetricState (§5.2) with SHA-256: the chaining key, the handshake hash, and the
/// cipher keyed from them. HKDF is RFC 5869's with the chaining key as salt (§4.3).
struct NoiseSymmetricState: Sendable {
    private(set) var chainingKey: [UInt8]
    private(set) var hash: [UInt8]
    var cipher = NoiseCipherState()

    /// InitializeSymmetric: a name of up to 32 bytes is zero-padded, a longer one hashed.
    init(protocolName: String) {
        let name = Array(protocolName.utf8)
        hash = name.count <= 32 ? name + [UInt8](repeating: 0, count: 32 - name.count) : Digest.sha256(name)
        chainingKey = hash
    }

    static func hkdf(_ chainingKey: [UInt8], _ input: [UInt8], outputs: Int) throws -> [[UInt8]] {
        let out = try HKDF.derive(inputKeyMaterial: input, salt: chainingKey, info: [UInt8](), outputLength: 32 * outputs).bytes
        return (0..<outputs).map { Array(out[(32 * $0)..<(32 * $0 + 32)]) }
    }

    mutating func mixHash(_ data: [UInt8]) { hash = Digest.sha256(hash + data) }

    mutating func mixKey(_ input: [UInt8]) throws {
        let out = try Self.hkdf(chainingKey, input, outputs: 2)
        chainingKey = out[0]
        cipher.initializeKey(out[1])
    }

    mutating func mixKeyAndHash(_ input: [UInt8]) throws {
        let out = try Self.hkdf(chainingKey, input, outputs: 3)
        chainingKey = out[0]
        mixHash(out[1])
        cipher.initializeKey(out[2])
    }

    mutating func encryptAndHash(_ plaintext: [UInt8]) throws -> [UInt8] {
        let ciphertext = try cipher.encrypt(ad: hash, plaintext: plaintext)
        mixHash(ciphertext)
        return ciphertext
    }

    mutating func decryptAndHash(_ ciphertext: [UInt8]) throws -> [UInt8] {
        let plaintext = try cipher.decrypt(ad: hash, ciphertext: ciphertext)
        mixHash(ciphertext)
        return plaintext
    }

    /// Split (§5.2): the initiator sends with the first key, the responder with the second.
    func split() throws -> (first: [UInt8], second: [UInt8]) {
        let out = try Self.hkdf(chainingKey, [], outputs: 2)
        return (out[0], out[1])
    }
}
