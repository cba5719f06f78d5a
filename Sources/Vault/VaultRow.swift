import Foundation
import LatchkeyCrypto
import SQLite

/// One row of the `items` table, every column of it. Every column that decides what a lookup
/// returns (kind, the blind indexes) or that could be changed at rest is bound into the row's
/// digest MAC, so a tampered row fails the unlock recount and `check`.
struct VaultRow: Equatable {
    var id: [UInt8]
    var kind: Int64
    var version: Int64
    var epoch: Int64
    var rpIndex: [UInt8]?
    var credentialIndex: [UInt8]?
    var updatedAt: Int64
    var blob: [UInt8]

    static let columns = "id, kind, version, key_epoch, rp_idx, cred_idx, updated_at, blob"

    /// Reads the columns of `columns` from the current row, refusing any value whose storage
    /// class is not the one we write (a blob stored as text compares unequal in a lookup).
    init(_ s: Statement) throws {
        guard case .bytes(let id) = s.strictBlob(0), let kind = s.strictInt(1), let version = s.strictInt(2),
            let epoch = s.strictInt(3), let updatedAt = s.strictInt(6), case .bytes(let blob) = s.strictBlob(7)
        else {
            throw VaultError.recordDamaged(id: hex(s.blob(0) ?? []))
        }
        func index(_ column: Int32) throws -> [UInt8]? {
            switch s.strictBlob(column) {
            case .null: return nil
            case .bytes(let b) where b.count == BlindIndex.length: return b
            default: throw VaultError.recordDamaged(id: hex(id))
            }
        }
        self.init(
            id: id, kind: kind, version: version, epoch: epoch, rpIndex: try index(4), credentialIndex: try index(5),
            updatedAt: updatedAt, blob: blob)
    }

    init(
        id: [UInt8], kind: Int64, version: Int64, epoch: Int64, rpIndex: [UInt8]?, credentialIndex: [UInt8]?, updatedAt: Int64,
        blob: [UInt8]
    ) {
        self.id = id
        self.kind = kind
        self.version = version
        self.epoch = epoch
        self.rpIndex = rpIndex
        self.credentialIndex = credentialIndex
        self.updatedAt = updatedAt
        self.blob = blob
    }

    /// The kind as the record cipher binds it; a value outside a byte is damage, never truncated.
    var cipherKind: UInt8? { (0...255).contains(kind) ? UInt8(kind) : nil }

    /// The row's contribution to the vault digest.
    func digestMAC(_ key: HMACKey) throws -> [UInt8] {
        guard id.count <= VaultDigest.maximumIdLength, blob.count >= RecordCipher.minimumBlobLength else {
            throw VaultError.recordDamaged(id: hex(id))
        }
        return VaultDigest.rowMAC(key, row: self)
    }

    func insert(into db: Database) throws {
        try db.prepare("INSERT INTO items(\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            .bind(1, id).bind(2, kind).bind(3, version).bind(4, epoch).bind(5, rpIndex).bind(6, credentialIndex)
            .bind(7, updatedAt).bind(8, blob).run()
    }

    func replace(in db: Database) throws {
        try db.prepare(
            "UPDATE items SET kind = ?, version = ?, key_epoch = ?, rp_idx = ?, cred_idx = ?, updated_at = ?, blob = ? WHERE id = ?"
        )
        .bind(1, kind).bind(2, version).bind(3, epoch).bind(4, rpIndex).bind(5, credentialIndex).bind(6, updatedAt)
        .bind(7, blob).bind(8, id).run()
    }

    static func read(id: [UInt8], from db: Database) throws -> VaultRow? {
        let s = try db.prepare("SELECT \(columns) FROM items WHERE id = ?").bind(1, id)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return try VaultRow(s)
    }
}

/// Record ids in messages: lower-case hex, as the CLI prints them.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count * 2)
    for b in bytes {
        out.append(digits[Int(b >> 4)])
        out.append(digits[Int(b & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
}
