import LatchkeyCrypto
import SQLite

/// The incremental vault digest: the XOR of a keyed MAC per row, plus the row count, a
/// generation counter and the GCM nonce count, all authenticated by one MAC. A write updates it
/// in O(1) (XOR the old row out and the new row in); a full check recomputes it in O(n). It
/// detects a row rolled back, deleted, inserted, duplicated or edited in any column. The
/// per-row MACs are keyed, so an attacker who sees every blob cannot aim for an XOR collision.
struct VaultDigest: Equatable {
    var accumulator: [UInt8]
    var rowCount: Int64
    var generation: Int64

    static let empty = VaultDigest(accumulator: [UInt8](repeating: 0, count: 32), rowCount: 0, generation: 0)
    static let maximumIdLength = 1024

    static func rowMAC(_ key: HMACKey, row: VaultRow) -> [UInt8] {
        var scratch = [UInt8](repeating: 0, count: messageCapacity)
        var mac = [UInt8](repeating: 0, count: 32)
        row.id.withUnsafeBytes { id in
            row.blob.withUnsafeBytes { blob in
                withOptionalBytes(row.rpIndex) { rp in
                    withOptionalBytes(row.credentialIndex) { cred in
                        let tag = UnsafeRawBufferPointer(rebasing: blob[(blob.count - AESGCM.tagLength)...])
                        scratch.withUnsafeMutableBytes { buf in
                            let n = writeRowMessage(
                                into: buf, id: id, kind: row.kind, version: row.version, epoch: row.epoch,
                                updatedAt: row.updatedAt, rpIndex: rp, credentialIndex: cred, tag: tag)
                            mac.withUnsafeMutableBytes { key.authenticate(UnsafeRawBufferPointer(rebasing: buf[0..<n]), into: $0) }
                        }
                    }
                }
            }
        }
        return mac
    }

    static func withOptionalBytes<R>(_ bytes: [UInt8]?, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let bytes else { return body(nil) }
        return bytes.withUnsafeBytes { body($0) }
    }

    static let messageCapacity = 4 + 2 + maximumIdLength + 4 * 8 + 2 * (1 + BlindIndex.length) + AESGCM.tagLength

    /// The one definition of a row's digest message, over every column of the row:
    /// "row2" ‖ len(id) ‖ id ‖ kind ‖ version ‖ epoch ‖ updated_at ‖ rp_idx ‖ cred_idx ‖ GCM tag,
    /// integers as 64-bit big-endian, each index as a length byte (0xFF for NULL) and its bytes.
    /// Writes and the unlock recount must agree byte for byte. Callers check the lengths.
    static func writeRowMessage(
        into buf: UnsafeMutableRawBufferPointer, id: UnsafeRawBufferPointer, kind: Int64, version: Int64,
        epoch: Int64, updatedAt: Int64, rpIndex: UnsafeRawBufferPointer?, credentialIndex: UnsafeRawBufferPointer?,
        tag: UnsafeRawBufferPointer
    ) -> Int {
        var o = 0
        func put(_ bytes: UnsafeRawBufferPointer) {
            if bytes.count > 0 { buf.baseAddress!.advanced(by: o).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
            o += bytes.count
        }
        func put(_ value: Int64) { withUnsafeBytes(of: value.bigEndian) { put($0) } }
        func put(index: UnsafeRawBufferPointer?) {
            buf[o] = index.map { UInt8($0.count) } ?? 0xFF
            o += 1
            if let index { put(index) }
        }
        buf[0] = 0x72
        buf[1] = 0x6F
        buf[2] = 0x77
        buf[3] = 0x32 // "row2"
        o = 4
        buf[o] = UInt8(id.count >> 8)
        buf[o + 1] = UInt8(id.count & 0xFF)
        o += 2
        put(id)
        put(kind)
        put(version)
        put(epoch)
        put(updatedAt)
        put(index: rpIndex)
        put(index: credentialIndex)
        put(tag)
        return o
    }

    /// Recomputes the digest of every row a statement yields (the columns of
    /// `VaultRow.columns`, the blob reduced to its tag), checking each value's storage class and
    /// length, reading the bytes in place and allocating nothing per row: unlock runs this over
    /// every row of the vault.
    static func recompute(_ key: HMACKey, rows s: SQLite.Statement, epoch: Int64) throws -> VaultDigest {
        var digest = VaultDigest.empty
        var scratch = [UInt8](repeating: 0, count: messageCapacity)
        var mac = [UInt8](repeating: 0, count: 32)
        func index(_ column: Int32) -> Bool {
            switch s.storageClass(column) {
            case .null: return true
            case .blob: return s.withBlob(column) { $0.count } == BlindIndex.length
            default: return false
            }
        }
        while try s.step() {
            guard s.storageClass(0) == .blob, let kind = s.strictInt(1), let version = s.strictInt(2), let rowEpoch = s.strictInt(3),
                index(4), index(5), let updatedAt = s.strictInt(6), s.storageClass(7) == .blob
            else {
                throw VaultError.recordDamaged(id: hex(s.blob(0) ?? []))
            }
            guard rowEpoch == epoch else { throw VaultError.rollbackDetected("a record is from key epoch \(rowEpoch)") }
            let ok: Bool = scratch.withUnsafeMutableBytes { buf in
                s.withBlob(0) { id in
                    s.withBlob(7) { tag in
                        guard id.count <= maximumIdLength, tag.count == AESGCM.tagLength else { return false }
                        // SQLite keeps a column's bytes valid until the next step or a conversion
                        // of that same column; neither happens before the message is written.
                        let rp: UnsafeRawBufferPointer? = s.storageClass(4) == .null ? nil : s.withBlob(4) { $0 }
                        let cred: UnsafeRawBufferPointer? = s.storageClass(5) == .null ? nil : s.withBlob(5) { $0 }
                        let n = writeRowMessage(
                            into: buf, id: id, kind: kind, version: version, epoch: rowEpoch, updatedAt: updatedAt,
                            rpIndex: rp, credentialIndex: cred, tag: tag)
                        mac.withUnsafeMutableBytes { key.authenticate(UnsafeRawBufferPointer(rebasing: buf[0..<n]), into: $0) }
                        return true
                    }
                }
            }
            guard ok else { throw VaultError.recordDamaged(id: hex(s.blob(0) ?? [])) }
            digest.toggle(mac)
            digest.rowCount += 1
        }
        return digest
    }

    mutating func toggle(_ rowMAC: [UInt8]) {
        for i in 0..<32 { accumulator[i] ^= rowMAC[i] }
    }

    /// The MAC over the digest and every counter of the meta row (the nonce count included,
    /// so rolling it back to reuse GCM nonces is detected).
    func mac(_ key: HMACKey, vaultId: [UInt8], epoch: Int64, encryptionCount: Int64) -> [UInt8] {
        key.authenticate(
            Array("digest2".utf8), vaultId, epoch.bigEndianBytes, generation.bigEndianBytes, rowCount.bigEndianBytes,
            encryptionCount.bigEndianBytes, accumulator)
    }
}
