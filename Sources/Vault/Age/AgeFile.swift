import LatchkeyCrypto

/// The vault's export file: an age file (age-encryption.org/v1) encrypted to a passphrase, so
/// `age -d` opens a Latchkey export and `vault import` reads what `age -p` wrote, armored
/// (`age -a`) or not.
///
/// Everything goes through OpenSSL: scrypt for the passphrase, HKDF-SHA256 and HMAC-SHA256
/// for the header MAC, ChaCha20-Poly1305 for the file key and the payload.
public enum AgeFile {
    static let magic = Array((AgeHeader.versionLine + "\n").utf8)
    /// age's own default work factor, about a second.
    public static let defaultLogN = 18

    /// Whether `bytes` look like an age file, binary or armored.
    public static func isAgeFile(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) || AgeArmor.isArmored(bytes) }

    /// The largest file holding a payload of `payload` bytes: the header, the nonce, a tag per
    /// chunk, and the armor's expansion.
    public static func maximumFileLength(payload: Int) -> Int {
        let binary = AgeHeader.maximumLength + 16 + payload + (payload / AgePayload.chunkSize + 1) * ChaChaPoly.tagLength
        // Base64 is 4/3 of it; each 64-column line adds an LF and perhaps a CR.
        return binary / 3 * 4 + binary / 24 + 256
    }

    public static func encrypt(_ plaintext: [UInt8], passphrase: [UInt8], logN: Int = defaultLogN, armored: Bool = false) throws -> [UInt8]
    {
        let fileKey = SystemRandom.privateBytes(16)
        let stanza = try AgeScryptStanza.wrap(fileKey: fileKey, passphrase: passphrase, logN: logN)
        let header = AgeHeader(stanzas: [stanza], mac: try mac(AgeHeader.macInput([stanza]), fileKey: fileKey))
        let file = header.encoded() + (try AgePayload.seal(plaintext, fileKey: fileKey))
        return armored ? AgeArmor.encode(file) : file
    }

    /// Opens a passphrase-encrypted age file. A wrong passphrase is `wrongPassphrase`; a file
    /// for other recipients (X25519, SSH keys) is `unsupportedParameters`; anything malformed,
    /// truncated or modified is `exportDamaged`; a payload over `limit` is `tooLarge`.
    public static func decrypt(_ file: [UInt8], passphrase: [UInt8], limit: Int) throws -> [UInt8] {
        let binary = AgeArmor.isArmored(file) ? try AgeArmor.decode(file) : file
        let (header, macInput, payloadOffset) = try AgeHeader.parse(binary)
        guard let stanza = header.stanzas.first(where: { $0.type == AgeScryptStanza.type }) else {
            let types = Set(header.stanzas.map(\.type)).sorted().joined(separator: ", ")
            throw VaultError.unsupportedExport("the age file is encrypted to recipients (\(types)), not to a passphrase")
        }
        // The specification: a scrypt stanza is the only one, so a passphrase file cannot also
        // be opened by a key that someone else added.
        guard header.stanzas.count == 1 else { throw VaultError.exportDamaged("an age scrypt stanza must be the file's only stanza") }
        let fileKey = try AgeScryptStanza.unwrap(stanza, passphrase: passphrase)
        guard HMAC.verify(.sha256, tag: header.mac, key: try macKey(fileKey), data: Array(macInput)) else {
            throw VaultError.exportDamaged("the age header's MAC does not verify")
        }
        return try AgePayload.open(binary[payloadOffset...], fileKey: fileKey, limit: limit)
    }

    private static func mac(_ input: [UInt8], fileKey: SecureBytes) throws -> [UInt8] {
        HMAC.authenticate(.sha256, key: try macKey(fileKey), data: input)
    }

    private static func macKey(_ fileKey: SecureBytes) throws -> SecureBytes {
        try HKDF.derive(inputKeyMaterial: fileKey, salt: [UInt8](), info: Array("header".utf8), outputLength: 32)
    }
}
