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
                let tag = UnsafeRawBufferPointer(rebasing: blob[(blob.count - AESGCM.tagLength)...])
                scratch.withUnsafeMutableBytes { buf in
                    let n = writeRowMessage(into: buf, id: id, kind: row.kind, version: row.version, epoch: row.epoch,
                                            updatedAt: row.updatedAt, rpIndex: row.rpIndex, credentialIndex: row.credentialIndex, tag: tag)
                    mac.withUnsafeMutableBytes { key.authenticate(UnsafeRawBufferPointer(rebasing: buf[0..<n]), into: $0) }
                }
            }
        }
        return mac
    }

    static let messageCapacity = 4 + 2 + maximumIdLength + 4 * 8 + 2 * (1 + BlindIndex.length) + AESGCM.tagLength

    /// The one definition of a row's digest message, over every column of the row:
    /// "row2" ‖ len(id) ‖ id ‖ kind ‖ version ‖ epoch ‖ updated_at ‖ rp_idx ‖ cred_idx ‖ GCM tag,
    /// integers as 64-bit big-endian, each index as a length byte (0xFF for NULL) and its bytes.
    /// Writes and the unlock recount must agree byte for byte. Callers check the lengths.
    static func writeRowMessage(into buf: UnsafeMutableRawBufferPointer, id: UnsafeRawBufferPointer, kind: Int64, version: Int64,
                                epoch: Int64, updatedAt: Int64, rpIndex: [UInt8]?, credentialIndex: [UInt8]?,
                                tag: UnsafeRawBufferPointer) -> Int {
        var o = 0
        func put(_ bytes: UnsafeRawBufferPointer) {
            if bytes.count > 0 { buf.baseAddress!.advanced(by: o).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
            o += bytes.count
        }
        func put(_ value: Int64) { withUnsafeBytes(of: value.bigEndian) { put($0) } }
        func put(index: [UInt8]?) {
            buf[o] = index.map { UInt8($0.count) } ?? 0xFF; o += 1
            index?.withUnsafeBytes { put($0) }
        }
        "row2".utf8.withContiguousStorageIfAvailable { put(UnsafeRawBufferPointer($0)) }
        buf[o] = UInt8(id.count >> 8); buf[o + 1] = UInt8(id.count & 0xFF); o += 2
        put(id)
        put(kind); put(version); put(epoch); put(updatedAt)
        put(index: rpIndex); put(index: credentialIndex)
        put(tag)
        return o
    }

    /// Recomputes the digest of every row a statement yields (the columns of
    /// `VaultRow.columns`, the blob reduced to its tag), checking each value's storage class.
    static func recompute(_ key: HMACKey, rows s: SQLite.Statement, epoch: Int64) throws -> VaultDigest {
        var digest = VaultDigest.empty
        while try s.step() {
            let row = try VaultRow(s)
            guard row.epoch == epoch else { throw VaultError.rollbackDetected("a record is from key epoch \(row.epoch)") }
            guard row.id.count <= maximumIdLength, row.blob.count >= AESGCM.tagLength else {
                throw VaultError.recordDamaged(id: hex(row.id))
            }
            digest.toggle(rowMAC(key, row: row))
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
        key.authenticate(Array("digest2".utf8), vaultId, epoch.bigEndianBytes, generation.bigEndianBytes, rowCount.bigEndianBytes,
                         encryptionCount.bigEndianBytes, accumulator)
    }
}
