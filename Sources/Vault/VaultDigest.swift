import LatchkeyCrypto

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
        key.authenticate(Array("row".utf8), id, [kind], version.bigEndianBytes, epoch.bigEndianBytes, RecordCipher.tag(of: blob))
    }

    mutating func toggle(_ rowMAC: [UInt8]) {
        for i in 0..<32 { accumulator[i] ^= rowMAC[i] }
    }

    func mac(_ key: HMACKey, vaultId: [UInt8], epoch: Int64) -> [UInt8] {
        key.authenticate(Array("digest".utf8), vaultId, epoch.bigEndianBytes, generation.bigEndianBytes, rowCount.bigEndianBytes, accumulator)
    }
}
