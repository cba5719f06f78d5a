import LatchkeyCrypto
import SQLite

/// The incremental vault digest: the XOR of a keyed MAC per row, plus the row count and a
/// generation counter, all authenticated by one MAC. A write updates it in O(1) (XOR the old
/// row out and the new row in); a full check recomputes it in O(n). It detects a row rolled
/// back, deleted, inserted or duplicated. The per-row MACs are keyed, so an attacker who sees
/// every blob cannot aim for an XOR collision.
struct VaultDigest: Equatable {
    var accumulator: [UInt8]
    var rowCount: Int64
    var generation: Int64

    static let empty = VaultDigest(accumulator: [UInt8](repeating: 0, count: 32), rowCount: 0, generation: 0)

    static func rowMAC(_ key: HMACKey, id: [UInt8], kind: UInt8, version: Int64, epoch: Int64, blob: [UInt8]) -> [UInt8] {
        rowMAC(key, id: id, kind: kind, version: version, epoch: epoch, tag: RecordCipher.tag(of: blob))
    }

    static func rowMAC(_ key: HMACKey, id: [UInt8], kind: UInt8, version: Int64, epoch: Int64, tag: [UInt8]) -> [UInt8] {
        var scratch = [UInt8](repeating: 0, count: messageCapacity)
        var mac = [UInt8](repeating: 0, count: 32)
        id.withUnsafeBytes { i in tag.withUnsafeBytes { t in
            scratch.withUnsafeMutableBytes { buf in
                let n = writeRowMessage(into: buf, id: i, kind: kind, version: version, epoch: epoch, tag: t)
                mac.withUnsafeMutableBytes { key.authenticate(UnsafeRawBufferPointer(rebasing: buf[0..<n]), into: $0) }
            }
        } }
        return mac
    }

    static let messageCapacity = 3 + 1024 + 1 + 16 + 16

    /// The one definition of a row's digest message: "row" ‖ id ‖ kind ‖ version ‖ epoch ‖ tag.
    /// Returns its length. Writes and the unlock recount must agree byte for byte.
    static func writeRowMessage(into buf: UnsafeMutableRawBufferPointer, id: UnsafeRawBufferPointer, kind: UInt8,
                                version: Int64, epoch: Int64, tag: UnsafeRawBufferPointer) -> Int {
        precondition(id.count <= 1024 && tag.count == 16 && buf.count >= messageCapacity)
        buf[0] = 0x72; buf[1] = 0x6F; buf[2] = 0x77 // "row"
        var o = 3
        if id.count > 0 { buf.baseAddress!.advanced(by: o).copyMemory(from: id.baseAddress!, byteCount: id.count) }
        o += id.count
        buf[o] = kind; o += 1
        withUnsafeBytes(of: version.bigEndian) { buf.baseAddress!.advanced(by: o).copyMemory(from: $0.baseAddress!, byteCount: 8) }; o += 8
        withUnsafeBytes(of: epoch.bigEndian) { buf.baseAddress!.advanced(by: o).copyMemory(from: $0.baseAddress!, byteCount: 8) }; o += 8
        buf.baseAddress!.advanced(by: o).copyMemory(from: tag.baseAddress!, byteCount: 16)
        return o + 16
    }

    /// Recomputes the digest of every row a statement yields (columns: id, kind, version,
    /// key_epoch, tag), copying nothing out of SQLite and allocating nothing per row.
    static func recompute(_ key: HMACKey, rows s: SQLite.Statement, epoch: Int64) throws -> VaultDigest {
        var digest = VaultDigest.empty
        var scratch = [UInt8](repeating: 0, count: messageCapacity)
        var mac = [UInt8](repeating: 0, count: 32)
        while try s.step() {
            guard s.int(3) == epoch else { throw VaultError.rollbackDetected("a record is from key epoch \(s.int(3))") }
            let kind = UInt8(truncatingIfNeeded: s.int(1)), version = s.int(2)
            let ok: Bool = scratch.withUnsafeMutableBytes { buf in
                s.withBlob(0) { id in
                    s.withBlob(4) { tag in
                        guard id.count <= 1024, tag.count == 16 else { return false }
                        let n = writeRowMessage(into: buf, id: id, kind: kind, version: version, epoch: epoch, tag: tag)
                        mac.withUnsafeMutableBytes { key.authenticate(UnsafeRawBufferPointer(rebasing: buf[0..<n]), into: $0) }
                        return true
                    }
                }
            }
            guard ok else { throw VaultError.headerDamaged("a record has a malformed id or blob") }
            digest.toggle(mac)
            digest.rowCount += 1
        }
        return digest
    }

    mutating func toggle(_ rowMAC: [UInt8]) {
        for i in 0..<32 { accumulator[i] ^= rowMAC[i] }
    }

    func mac(_ key: HMACKey, vaultId: [UInt8], epoch: Int64) -> [UInt8] {
        key.authenticate(Array("digest".utf8), vaultId, epoch.bigEndianBytes, generation.bigEndianBytes, rowCount.bigEndianBytes, accumulator)
    }
}
