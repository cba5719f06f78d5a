import Foundation
import LatchkeyCrypto
import SQLite
import TestSupport
import Testing

@testable import Vault

/// Every byte of every column of every row of every table, in a vault holding each item kind,
/// changed one at a time (plus NULLs, other storage classes and integer shifts): each change is
/// refused by unlock or by `check`. Nothing an attacker edits in the file goes unnoticed.
@Suite struct VaultTamperSweepTests {
    struct Cell {
        var table: String
        var key: String
        var keyValue: [UInt8]
        var column: String
    }

    static func pristineVault() throws -> String {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let key = try P256PrivateKey.generate().pkcs8.bytes
        try v.addAll([
            .password(
                PasswordItem(
                    domain: "https://login.example.com:8443", username: "alice", password: "s3cret", notes: "n",
                    includeSubdomains: true)),
            .passkey(
                PasskeyItem(
                    credentialId: [1, 2, 3, 4], rpId: "example.com", rpName: "Example", userName: "bob", userDisplayName: "Bob",
                    userHandle: [9], privateKeyPKCS8: key, discoverable: true, backupEligible: true, backupState: true,
                    counterMode: .zero, signCount: 0, aaguid: .zero, profile: "icloud", prfSecret: [UInt8](repeating: 7, count: 64),
                    createdAt: Date(), lastUsedAt: nil)),
            .appleID(
                AppleIDItem(
                    clientId: "com.example.web", userIdentifier: "001.abc.0", email: "c@example.com", fullName: "C",
                    identityToken: nil)),
            .appleIssuerKey(AppleIssuerKeyItem(keyId: "kid", privateKeyPKCS8: key)),
        ])
        // A single-file copy (no WAL) to start every mutation from.
        let copy = temporaryVaultPath()
        try v.backup(to: copy)
        return copy
    }

    /// True when opening and checking the vault at `path` fails with a typed vault error.
    static func refused(_ path: String) -> Bool {
        do {
            let v = try Vault.open(at: path, passphrase: passphrase)
            _ = try v.check()
            return false
        } catch is VaultError {
            return true
        } catch {
            Issue.record("untyped error \(error)")
            return true
        }
    }

    /// The column's values over the whole table, as SQL literals (storage class included).
    static func snapshot(_ db: Database, _ cell: Cell) throws -> String {
        try db.prepare("SELECT group_concat(q, ',') FROM (SELECT quote(\(cell.column)) AS q FROM \(cell.table) ORDER BY 1)")
            .firstRow { $0.text(0) ?? "" } ?? ""
    }

    @Test func everyChangeToEveryCellIsRefused() throws {
        let pristine = try Self.pristineVault()
        let pristineBytes = try Data(contentsOf: URL(fileURLWithPath: pristine))
        #expect(!Self.refused(pristine))

        // The cells: the meta row (keyed by id = 1) and every item row (keyed by its id).
        var cells: [Cell] = []
        let db = try Database(path: pristine)
        let metaColumns = [
            "header", "header_sha256", "kcv", "wrapped_vk", "key_epoch", "generation", "enc_count", "row_count", "digest_acc", "digest_mac",
        ]
        cells += metaColumns.map { Cell(table: "vault_meta", key: "id", keyValue: [], column: $0) }
        let ids = try { () throws -> [[UInt8]] in
            let s = try db.prepare("SELECT id FROM items")
            defer { s.reset() }
            var out: [[UInt8]] = []
            while try s.step() { out.append(s.blob(0)!) }
            return out
        }()
        #expect(ids.count == 4)
        for id in ids {
            for column in ["id", "kind", "version", "key_epoch", "rp_idx", "cred_idx", "updated_at", "blob"] {
                cells.append(Cell(table: "items", key: "id", keyValue: id, column: column))
            }
        }

        let work = temporaryVaultPath()
        var tried = 0
        var unnoticed: [String] = []
        func attempt(_ cell: Cell, _ what: String, _ sql: String, _ binds: [Any]) throws {
            try pristineBytes.write(to: URL(fileURLWithPath: work))
            try? FileManager.default.removeItem(atPath: work + "-wal")
            try? FileManager.default.removeItem(atPath: work + "-shm")
            do {
                let w = try Database(path: work)
                let before = try Self.snapshot(w, cell)
                let s = try w.prepare(sql)
                for (i, b) in binds.enumerated() {
                    if let bytes = b as? [UInt8] {
                        try s.bind(Int32(i + 1), bytes)
                    } else if let n = b as? Int64 {
                        try s.bind(Int32(i + 1), n)
                    }
                }
                try s.run()
                // A change SQLite refuses (NOT NULL, CHECK) or undoes (type affinity) is no change.
                guard w.changes > 0, try Self.snapshot(w, cell) != before else { return }
            } catch { return }
            tried += 1
            if !Self.refused(work) { unnoticed.append("\(cell.table).\(cell.column) \(what)") }
        }

        for cell in cells {
            let whereClause = cell.table == "vault_meta" ? "id = 1" : "id = ?"
            let keyBind: [Any] = cell.table == "vault_meta" ? [] : [cell.keyValue]
            let value: Statement.StrictBlob =
                try db.prepare("SELECT \(cell.column) FROM \(cell.table) WHERE \(whereClause)")
                .bindAll(keyBind).firstRow { $0.strictBlob(0) } ?? .null
            switch value {
            case .bytes(let bytes):
                for i in bytes.indices {
                    var flipped = bytes
                    flipped[i] ^= 0x01
                    try attempt(cell, "byte \(i)", "UPDATE \(cell.table) SET \(cell.column) = ? WHERE \(whereClause)", [flipped] + keyBind)
                }
                try attempt(
                    cell, "as text", "UPDATE \(cell.table) SET \(cell.column) = CAST(\(cell.column) AS TEXT) WHERE \(whereClause)", keyBind)
                try attempt(
                    cell, "truncated",
                    "UPDATE \(cell.table) SET \(cell.column) = substr(\(cell.column), 1, length(\(cell.column)) - 1) WHERE \(whereClause)",
                    keyBind)
            default:
                for (what, expr) in [("+1", "+ 1"), ("-1", "- 1"), ("+256", "+ 256"), ("+2^32", "+ 4294967296")] {
                    try attempt(
                        cell, what, "UPDATE \(cell.table) SET \(cell.column) = \(cell.column) \(expr) WHERE \(whereClause)", keyBind)
                }
                try attempt(
                    cell, "as text", "UPDATE \(cell.table) SET \(cell.column) = 'x' || \(cell.column) WHERE \(whereClause)", keyBind)
                try attempt(cell, "as real", "UPDATE \(cell.table) SET \(cell.column) = \(cell.column) + 0.5 WHERE \(whereClause)", keyBind)
            }
            try attempt(cell, "NULL", "UPDATE \(cell.table) SET \(cell.column) = NULL WHERE \(whereClause)", keyBind)
        }
        #expect(tried > 1000, "only \(tried) mutations applied")
        #expect(unnoticed.isEmpty, "\(unnoticed.count) of \(tried) changes went unnoticed: \(unnoticed.prefix(20))")
    }
}

extension Statement {
    /// Binds blobs and integers in order.
    func bindAll(_ values: [Any]) throws -> Statement {
        for (i, v) in values.enumerated() {
            if let bytes = v as? [UInt8] { try bind(Int32(i + 1), bytes) } else if let n = v as? Int64 { try bind(Int32(i + 1), n) }
        }
        return self
    }
}
