import LatchkeyCrypto

/// Keys derived from the passphrase: `wrap` encrypts the vault key, `check` makes the key check
/// value that tells a wrong passphrase from a damaged header.
struct PassphraseKeys {
    let wrap: SecureBytes
    let check: SecureBytes

    init(passphrase: [UInt8], header: VaultHeader) throws(VaultError) {
        let normalized = try Passphrase.normalized(passphrase)
        let kek: SecureBytes
        do {
            // logN ≤ 20 with r=8 needs 1 GiB; the cap sits just above it.
            kek = try Scrypt.derive(
                password: normalized, salt: header.salt, parameters: header.kdf, outputLength: 32,
                maxMemory: (UInt64(1) << 30) + (64 << 20))
            wrap = try HKDF.derive(inputKeyMaterial: kek, salt: header.vaultId, info: Array("kc/v1/wrap".utf8), outputLength: 32)
            check = try HKDF.derive(inputKeyMaterial: kek, salt: header.vaultId, info: Array("kc/v1/kcv".utf8), outputLength: 32)
        } catch {
            throw .unsupportedParameters("key derivation failed: \(error)")
        }
    }

    func keyCheckValue(_ header: VaultHeader) -> [UInt8] {
        HMAC.authenticate(.sha256, key: check, data: header.bytes)
    }
}

/// Keys derived from the vault key for one key epoch, each with one purpose.
struct RecordKeys {
    let record: SecureBytes
    let index: HMACKey
    /// Per-row digest values (keyed BLAKE2b: one runs per row at every unlock).
    let rowDigest: HMACKey
    /// The MAC over the digest accumulator, count and generation.
    let digest: HMACKey

    init(vaultKey: SecureBytes, vaultId: [UInt8], epoch: Int64) throws(VaultError) {
        var info = Array("kc/v1/".utf8)
        withUnsafeBytes(of: epoch.bigEndian) { info += $0 }
        do {
            record = try HKDF.derive(inputKeyMaterial: vaultKey, salt: vaultId, info: info + Array("/rec".utf8), outputLength: 32)
            index = try HMACKey(
                try HKDF.derive(inputKeyMaterial: vaultKey, salt: vaultId, info: info + Array("/idx".utf8), outputLength: 32))
            digest = try HMACKey(
                try HKDF.derive(inputKeyMaterial: vaultKey, salt: vaultId, info: info + Array("/mac".utf8), outputLength: 32))
            rowDigest = try HMACKey(
                try HKDF.derive(inputKeyMaterial: vaultKey, salt: vaultId, info: info + Array("/row".utf8), outputLength: 32),
                algorithm: .blake2b256)
        } catch {
            throw .storage("subkey derivation failed: \(error)")
        }
    }
}

extension Int64 {
    var bigEndianBytes: [UInt8] { withUnsafeBytes(of: self.bigEndian) { Array($0) } }
}
