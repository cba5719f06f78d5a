import LatchkeyCrypto
import WebAuthn

/// One record's encryption: AES-256-GCM over the item padded to 32-byte buckets, with AAD that
/// binds the vault, table, record id, kind, version and key epoch, so a blob cannot be moved
/// to another row, kind, version or vault.
struct RecordCipher {
    static let format: UInt8 = 0x01
    static let bucket = 32
    static let maximumPlaintext = 256 * 1024
    /// The shortest blob `seal` writes: format byte, nonce, one padded bucket, tag.
    static let minimumBlobLength = 1 + AESGCM.nonceLength + bucket + AESGCM.tagLength

    let key: SecureBytes
    let vaultId: [UInt8]

    func aad(id: [UInt8], kind: UInt8, version: Int64, epoch: Int64) -> [UInt8] {
        var out: [UInt8] = []
        for field in [Array("kc/v1".utf8), vaultId, Array("items".utf8), id, [kind], version.bigEndianBytes, epoch.bigEndianBytes] {
            out += Int64(field.count).bigEndianBytes + field
        }
        return out
    }

    func seal(_ plaintext: [UInt8], id: [UInt8], kind: UInt8, version: Int64, epoch: Int64) throws(VaultError) -> [UInt8] {
        guard plaintext.count <= Self.maximumPlaintext else { throw .tooLarge("record larger than \(Self.maximumPlaintext) bytes") }
        var padded = Int64(plaintext.count).bigEndianBytes + plaintext
        padded += [UInt8](repeating: 0, count: (Self.bucket - padded.count % Self.bucket) % Self.bucket)
        defer { cleanse(&padded) }
        do {
            let box = try AESGCM.seal(padded, key: key, aad: aad(id: id, kind: kind, version: version, epoch: epoch))
            return [Self.format] + box.combined
        } catch {
            throw .storage("encryption failed: \(error)")
        }
    }

    /// Any failure, including a wrong format byte, names the record and returns no plaintext.
    func open(_ blob: [UInt8], id: [UInt8], kind: UInt8, version: Int64, epoch: Int64) throws(VaultError) -> SecureBytes {
        // Built only on failure: naming the record formats its id, which costs more than a
        // cached read.
        func damaged() -> VaultError { .recordDamaged(id: hex(id)) }
        guard blob.count >= Self.minimumBlobLength, blob[0] == Self.format else { throw damaged() }
        let padded: SecureBytes
        do {
            padded = try AESGCM.open(
                try AESGCM.SealedBox(combined: Array(blob[1...])), key: key,
                aad: aad(id: id, kind: kind, version: version, epoch: epoch))
        } catch { throw damaged() }
        let plaintext: SecureBytes? = padded.withUnsafeBytes { p in
            guard p.count >= 8 else { return nil }
            var length = 0
            for i in 0..<8 { length = length << 8 | Int(p[i]) }
            guard length >= 0, length <= p.count - 8 else { return nil }
            return SecureBytes(UnsafeRawBufferPointer(rebasing: p[8..<(8 + length)]))
        }
        guard let plaintext else { throw damaged() }
        return plaintext
    }

    static func tag(of blob: [UInt8]) -> [UInt8] { Array(blob.suffix(AESGCM.tagLength)) }
}
