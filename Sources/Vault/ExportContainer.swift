import LatchkeyCrypto

/// The export file Latchkey wrote before it wrote age files (``AgeFile``): still read, so an
/// old export imports; `seal` remains for the tests that make one. A random file key wrapped under an scrypt
/// passphrase key, a header MAC, then the payload in 64 KiB AES-256-GCM chunks whose nonce is
/// a chunk counter plus a final-chunk flag (the STREAM construction), so truncation, reordering
/// and appended data are all detected.
public enum ExportContainer {
    static let magic = Array("LKX1".utf8)
    static let chunkSize = 64 * 1024
    /// The largest payload opened: a CXF document's one limit (`CXFDocument.maximumEncodedLength`).
    public static let maximumPayload = CXFDocument.maximumEncodedLength
    /// The largest container holding such a payload: header, MAC, and a tag per chunk.
    public static let maximumFileLength = 4 + 3 + 32 + 16 + 60 + 32 + maximumPayload + (maximumPayload / chunkSize + 1) * 16

    public static func isContainer(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    public static func seal(_ payload: [UInt8], passphrase: [UInt8], kdf: Scrypt.Parameters = .init(logN: 17)) throws -> [UInt8] {
        guard !passphrase.isEmpty else { throw VaultError.invalidPassphrase("the export passphrase is empty") }
        try VaultHeader.checkParameters(kdf)
        let salt = SystemRandom.bytes(32)
        let payloadNonce = SystemRandom.bytes(16)
        let fileKey = SystemRandom.privateBytes(32)
        let wrapKey = try passphraseKey(passphrase, salt: salt, kdf: kdf)
        var header = magic + [UInt8(kdf.logN), UInt8(kdf.r), UInt8(kdf.p)] + salt + payloadNonce
        header += try AESGCM.seal(fileKey, key: wrapKey, aad: header).combined
        let macKey = try HKDF.derive(inputKeyMaterial: fileKey, salt: payloadNonce, info: Array("header".utf8), outputLength: 32)
        header += HMAC.authenticate(.sha256, key: macKey, data: header)
        let payloadKey = try HKDF.derive(inputKeyMaterial: fileKey, salt: payloadNonce, info: Array("payload".utf8), outputLength: 32)
        var out = header
        var index: UInt64 = 0
        var offset = 0
        repeat {
            let end = min(offset + chunkSize, payload.count)
            let last = end == payload.count
            let box = try AESGCM.seal(Array(payload[offset..<end]), key: payloadKey, nonce: nonce(index, final: last))
            out += box.ciphertext + box.tag
            offset = end
            index += 1
        } while offset < payload.count
        return out
    }

    public static func open(_ file: [UInt8], passphrase: [UInt8]) throws -> [UInt8] {
        let headerLength = 4 + 3 + 32 + 16 + 60
        guard file.count >= headerLength + 32 + 16, file.starts(with: magic) else {
            throw VaultError.exportDamaged("not a Latchkey export or truncated header")
        }
        let kdf = Scrypt.Parameters(logN: Int(file[4]), r: Int(file[5]), p: Int(file[6]))
        try VaultHeader.checkParameters(kdf)
        let salt = Array(file[7..<39])
        let payloadNonce = Array(file[39..<55])
        let wrapKey = try passphraseKey(passphrase, salt: salt, kdf: kdf)
        let fileKey: SecureBytes
        do {
            fileKey = try AESGCM.open(
                try AESGCM.SealedBox(combined: Array(file[55..<headerLength])), key: wrapKey, aad: Array(file[0..<55]))
        } catch { throw VaultError.wrongPassphrase }
        let macKey = try HKDF.derive(inputKeyMaterial: fileKey, salt: payloadNonce, info: Array("header".utf8), outputLength: 32)
        guard HMAC.verify(.sha256, tag: Array(file[headerLength..<(headerLength + 32)]), key: macKey, data: Array(file[0..<headerLength]))
        else {
            throw VaultError.exportDamaged("the export header MAC does not verify")
        }
        let payloadKey = try HKDF.derive(inputKeyMaterial: fileKey, salt: payloadNonce, info: Array("payload".utf8), outputLength: 32)
        var out: [UInt8] = []
        var offset = headerLength + 32
        var index: UInt64 = 0
        while true {
            let remaining = file.count - offset
            guard remaining >= AESGCM.tagLength else { throw VaultError.exportDamaged("the export is truncated (no final chunk)") }
            let take = min(chunkSize + AESGCM.tagLength, remaining)
            let last = take == remaining
            let chunk = Array(file[offset..<(offset + take)])
            let box = AESGCM.SealedBox(
                nonce: nonce(index, final: last), ciphertext: Array(chunk.dropLast(AESGCM.tagLength)),
                tag: Array(chunk.suffix(AESGCM.tagLength)))
            do { out += try AESGCM.open(box, key: payloadKey).bytes } catch {
                throw VaultError.exportDamaged(
                    last
                        ? "the export's final chunk does not authenticate (truncated or modified)"
                        : "export chunk \(index) does not authenticate")
            }
            guard out.count <= maximumPayload else { throw VaultError.tooLarge("export payload larger than \(maximumPayload) bytes") }
            offset += take
            index += 1
            if last { return out }
        }
    }

    static func nonce(_ index: UInt64, final: Bool) -> [UInt8] {
        [0, 0, 0] + withUnsafeBytes(of: index.bigEndian) { Array($0) } + [final ? 1 : 0]
    }

    static func passphraseKey(_ passphrase: [UInt8], salt: [UInt8], kdf: Scrypt.Parameters) throws -> SecureBytes {
        let normalized = try Passphrase.normalized(passphrase)
        let kek = try Scrypt.derive(
            password: normalized, salt: salt, parameters: kdf, outputLength: 32, maxMemory: (UInt64(1) << 30) + (64 << 20))
        return try HKDF.derive(inputKeyMaterial: kek, salt: salt, info: Array("kc/v1/export".utf8), outputLength: 32)
    }
}
