import LatchkeyCrypto

/// age's payload: a 16-byte nonce, then the STREAM construction over ChaCha20-Poly1305 with
/// a key from HKDF-SHA256(file key, nonce, "payload"). Chunks hold 64 KiB of plaintext; a
/// chunk's nonce is its 11-byte big-endian index and a last-chunk flag, so truncation,
/// reordering and appended data all fail to authenticate.
enum AgePayload {
    static let chunkSize = 64 * 1024

    static func seal(_ plaintext: [UInt8], fileKey: SecureBytes) throws -> [UInt8] {
        let nonce = SystemRandom.bytes(16)
        let key = try payloadKey(fileKey: fileKey, nonce: nonce)
        var out = nonce
        out.reserveCapacity(16 + plaintext.count + (plaintext.count / chunkSize + 1) * ChaChaPoly.tagLength)
        var index: UInt64 = 0
        var offset = 0
        // An empty payload is one empty last chunk; a payload of whole chunks ends with a full one.
        repeat {
            let end = min(offset + chunkSize, plaintext.count)
            out += try ChaChaPoly.seal(plaintext[offset..<end], key: key, nonce: chunkNonce(index, last: end == plaintext.count))
            offset = end
            index += 1
        } while offset < plaintext.count
        return out
    }

    /// The plaintext, refused past `limit` bytes.
    static func open(_ payload: ArraySlice<UInt8>, fileKey: SecureBytes, limit: Int) throws -> [UInt8] {
        guard payload.count >= 16 + ChaChaPoly.tagLength else { throw VaultError.exportDamaged("the age payload is truncated") }
        let nonce = Array(payload.prefix(16))
        let key = try payloadKey(fileKey: fileKey, nonce: nonce)
        var out: [UInt8] = []
        var offset = payload.startIndex + 16
        var index: UInt64 = 0
        while true {
            let remaining = payload.endIndex - offset
            guard remaining >= ChaChaPoly.tagLength else { throw VaultError.exportDamaged("the age payload is truncated (no last chunk)") }
            let take = min(chunkSize + ChaChaPoly.tagLength, remaining)
            let last = take == remaining
            if last, take == ChaChaPoly.tagLength, index > 0 {
                throw VaultError.exportDamaged("the age payload ends with an empty chunk")
            }
            do {
                out += try ChaChaPoly.open(Array(payload[offset..<(offset + take)]), key: key, nonce: chunkNonce(index, last: last)).bytes
            } catch {
                throw VaultError.exportDamaged(
                    last
                        ? "the age payload's last chunk does not authenticate (truncated or modified)"
                        : "age chunk \(index) does not authenticate")
            }
            guard out.count <= limit else { throw VaultError.tooLarge("export payload larger than \(limit) bytes") }
            offset += take
            index += 1
            if last { return out }
        }
    }

    static func chunkNonce(_ index: UInt64, last: Bool) -> [UInt8] {
        [0, 0, 0] + withUnsafeBytes(of: index.bigEndian) { Array($0) } + [last ? 1 : 0]
    }

    private static func payloadKey(fileKey: SecureBytes, nonce: [UInt8]) throws -> SecureBytes {
        try HKDF.derive(inputKeyMaterial: fileKey, salt: nonce, info: Array("payload".utf8), outputLength: 32)
    }
}
