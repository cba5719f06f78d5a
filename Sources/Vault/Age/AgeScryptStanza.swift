import LatchkeyCrypto

/// The passphrase recipient of age (`-> scrypt SALT LOG2N`): the 16-byte file key sealed with
/// ChaCha20-Poly1305 under scrypt(passphrase, "age-encryption.org/v1/scrypt" ‖ salt, 2^logN, 8, 1).
///
/// The passphrase is used as the bytes given, as `age -p` does, so a file made by either tool
/// opens in the other.
enum AgeScryptStanza {
    static let type = "scrypt"
    static let saltLabel = Array("age-encryption.org/v1/scrypt".utf8)
    /// The work factors opened: up to 2^20 (1 GiB of scrypt memory, the vault's own cap); age
    /// writes 2^18.
    static let logNRange = 1...20

    static func wrap(fileKey: SecureBytes, passphrase: [UInt8], logN: Int) throws -> AgeHeader.Stanza {
        guard logNRange.contains(logN) else {
            throw VaultError.unsupportedParameters("age work factor 2^\(logN) (accepted: 2^\(logNRange))")
        }
        let salt = SystemRandom.bytes(16)
        let key = try wrapKey(passphrase: passphrase, salt: salt, logN: logN)
        let body = try ChaChaPoly.seal(fileKey, key: key, nonce: [UInt8](repeating: 0, count: ChaChaPoly.nonceLength))
        return AgeHeader.Stanza(type: type, arguments: [AgeBase64.encode(salt), String(logN)], body: body)
    }

    /// The file key, or `wrongPassphrase`; the stanza's form is checked before any scrypt work.
    static func unwrap(_ stanza: AgeHeader.Stanza, passphrase: [UInt8]) throws -> SecureBytes {
        guard stanza.arguments.count == 2, let salt = AgeBase64.decode(stanza.arguments[0][...]), salt.count == 16 else {
            throw VaultError.exportDamaged("the age scrypt stanza's salt is malformed")
        }
        let digits = stanza.arguments[1]
        guard (1...2).contains(digits.count), digits.first != "0", digits.allSatisfy({ ("0"..."9").contains($0) }), let logN = Int(digits)
        else {
            throw VaultError.exportDamaged("the age scrypt stanza's work factor is malformed")
        }
        guard logNRange.contains(logN) else {
            throw VaultError.unsupportedExport("age work factor 2^\(logN) needs more scrypt memory than Latchkey allows (up to 2^20)")
        }
        guard stanza.body.count == 16 + ChaChaPoly.tagLength else {
            throw VaultError.exportDamaged("the age scrypt stanza's body is not 32 bytes")
        }
        let key = try wrapKey(passphrase: passphrase, salt: salt, logN: logN)
        do {
            return try ChaChaPoly.open(stanza.body, key: key, nonce: [UInt8](repeating: 0, count: ChaChaPoly.nonceLength))
        } catch { throw VaultError.wrongPassphrase }
    }

    private static func wrapKey(passphrase: [UInt8], salt: [UInt8], logN: Int) throws -> SecureBytes {
        guard !passphrase.isEmpty else { throw VaultError.invalidPassphrase("the export passphrase is empty") }
        return try Scrypt.derive(
            password: passphrase, salt: saltLabel + salt, parameters: .init(logN: logN, r: 8, p: 1), outputLength: 32,
            maxMemory: (UInt64(1) << 30) + (64 << 20))
    }
}
