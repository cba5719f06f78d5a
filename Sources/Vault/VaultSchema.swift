import SQLite

/// The vault's tables. Nothing identifying is stored in clear: lookups go through keyed blind
/// indexes, and everything else lives in the encrypted blob.
enum VaultSchema {
    static let applicationId: Int64 = 0x4C4B_5631 // "LKV1"
    /// 2: every column of a row is bound into its digest MAC, and the nonce count into the meta MAC.
    static let userVersion: Int64 = 2

    static let statements: [(type: String, name: String, table: String, sql: String)] = [
        (
            "table", "vault_meta", "vault_meta",
            """
            CREATE TABLE vault_meta(id INTEGER PRIMARY KEY CHECK (id = 1), header BLOB NOT NULL, header_sha256 BLOB NOT NULL, \
            kcv BLOB NOT NULL, wrapped_vk BLOB NOT NULL, key_epoch INTEGER NOT NULL, generation INTEGER NOT NULL, \
            enc_count INTEGER NOT NULL, row_count INTEGER NOT NULL, digest_acc BLOB NOT NULL, digest_mac BLOB NOT NULL)
            """
        ),
        (
            "table", "items", "items",
            """
            CREATE TABLE items(id BLOB PRIMARY KEY NOT NULL, kind INTEGER NOT NULL, version INTEGER NOT NULL, \
            key_epoch INTEGER NOT NULL, rp_idx BLOB, cred_idx BLOB, updated_at INTEGER NOT NULL, blob BLOB NOT NULL) WITHOUT ROWID
            """
        ),
        ("index", "items_rp", "items", "CREATE INDEX items_rp ON items(rp_idx)"),
        ("index", "items_cred", "items", "CREATE INDEX items_cred ON items(cred_idx)"),
    ]

    static func create(_ db: Database) throws {
        try db.execute("PRAGMA application_id=\(applicationId)")
        try db.execute("PRAGMA user_version=\(userVersion)")
        for s in statements { try db.execute(s.sql) }
    }

    /// Refuses anything but exactly our schema: unknown triggers, views, tables or altered SQL.
    static func check(_ db: Database) throws {
        guard try db.prepare("PRAGMA application_id").firstRow({ $0.int(0) }) == applicationId else {
            throw VaultError.headerDamaged("not a Latchkey vault (application_id mismatch or empty file)")
        }
        guard try db.prepare("PRAGMA user_version").firstRow({ $0.int(0) }) == userVersion else {
            throw VaultError.unsupportedParameters("schema version")
        }
        // Every object, compared by type, name, table and exact SQL: a trigger or view under
        // any name (even an index's) is refused, and so is a missing or altered object.
        let s = try db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema")
        defer { s.reset() }
        var found: [[String]] = []
        while try s.step() {
            found.append([s.text(0) ?? "", s.text(1) ?? "", s.text(2) ?? "", s.text(3) ?? "<null>"])
        }
        for object in found where object[0] != "table" && object[0] != "index" {
            throw VaultError.schemaRejected("\(object[0]) \(object[1]) is not part of a Latchkey vault")
        }
        let expected = statements.map { [$0.type, $0.name, $0.table, $0.sql] }
        for object in found where !expected.contains(object) {
            throw VaultError.schemaRejected("\(object[0]) \(object[1]) on \(object[2]) is not part of a Latchkey vault, or was altered")
        }
        guard found.count == expected.count, expected.allSatisfy({ found.contains($0) }) else {
            throw VaultError.schemaRejected("expected exactly \(expected.count) schema objects, found \(found.count)")
        }
    }
}
