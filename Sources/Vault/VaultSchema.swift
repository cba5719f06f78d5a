import SQLite

/// The vault's tables. Nothing identifying is stored in clear: lookups go through keyed blind
/// indexes, and everything else lives in the encrypted blob.
enum VaultSchema {
    static let applicationId: Int64 = 0x4C4B_5631 // "LKV1"
    static let userVersion: Int64 = 1

    static let statements: [(type: String, name: String, sql: String)] = [
        ("table", "vault_meta", """
            CREATE TABLE vault_meta(id INTEGER PRIMARY KEY CHECK (id = 1), header BLOB NOT NULL, header_sha256 BLOB NOT NULL, \
            kcv BLOB NOT NULL, wrapped_vk BLOB NOT NULL, key_epoch INTEGER NOT NULL, generation INTEGER NOT NULL, \
            enc_count INTEGER NOT NULL, row_count INTEGER NOT NULL, digest_acc BLOB NOT NULL, digest_mac BLOB NOT NULL)
            """),
        ("table", "items", """
            CREATE TABLE items(id BLOB PRIMARY KEY NOT NULL, kind INTEGER NOT NULL, version INTEGER NOT NULL, \
            key_epoch INTEGER NOT NULL, rp_idx BLOB, cred_idx BLOB, updated_at INTEGER NOT NULL, blob BLOB NOT NULL) WITHOUT ROWID
            """),
        ("index", "items_rp", "CREATE INDEX items_rp ON items(rp_idx)"),
        ("index", "items_cred", "CREATE INDEX items_cred ON items(cred_idx)"),
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
        let s = try db.prepare("SELECT type, name, sql FROM sqlite_schema")
        defer { s.reset() }
        var found: [String: (String, String?)] = [:]
        while try s.step() {
            found[s.text(1) ?? ""] = (s.text(0) ?? "", s.text(2))
        }
        for (name, (type, _)) in found where type == "trigger" || type == "view" {
            throw VaultError.schemaRejected("\(type) \(name) is not part of a Latchkey vault")
        }
        guard found.count == statements.count else {
            throw VaultError.schemaRejected("expected \(statements.count) schema objects, found \(found.count)")
        }
        for expected in statements {
            guard let (type, sql) = found[expected.name], type == expected.type, sql == expected.sql else {
                throw VaultError.schemaRejected("\(expected.type) \(expected.name) is missing or altered")
            }
        }
    }
}
