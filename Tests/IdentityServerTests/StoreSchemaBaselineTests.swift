import SQLite
import Testing

@testable import IdentityServer

/// A new store is made from `StoreSchema.baseline` in one script; one made by replaying every
/// migration step must come out the same, object by object and column by column, or the two
/// kinds of file would disagree about what they hold.
@Suite struct StoreSchemaBaselineTests {
    /// Every schema object (type, name, table, SQL with its spacing evened out) and every
    /// table's columns, foreign keys and indexes, as comparable text.
    static func shape(of db: Database) throws -> [String] {
        var shape: [String] = []
        var tables: [String] = []
        let objects = try db.prepare(
            "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
        while try objects.step() {
            let type = objects.text(0) ?? ""
            let name = objects.text(1) ?? ""
            shape.append("\(type) \(name) on \(objects.text(2) ?? ""): \(evened(objects.text(3) ?? ""))")
            if type == "table" { tables.append(name) }
        }
        for table in tables {
            let pragmas = [
                // Columns in their order (a column added later comes last), the rest by name.
                ("table_xinfo", "name, type, \"notnull\", dflt_value, pk, hidden", 6, "cid"),
                ("foreign_key_list", "\"table\", \"from\", \"to\", on_update, on_delete", 5, "1, 2, 3"),
                ("index_list", "name, \"unique\", origin, partial", 4, "1"),
            ]
            for (pragma, columns, count, order) in pragmas {
                let rows = try db.prepare("SELECT \(columns) FROM pragma_\(pragma)('\(table)') ORDER BY \(order)")
                while try rows.step() {
                    let values = (0..<Int32(count)).map { rows.text($0) ?? "NULL" }
                    shape.append("\(table) \(pragma): \(values.joined(separator: "|"))")
                }
            }
        }
        return shape
    }

    /// The SQL with runs of white space made one space and none beside `(`, `)` or `,`:
    /// `ALTER TABLE … ADD COLUMN` appends `, name TYPE` on a line of its own. Quoted text (a
    /// string literal, a quoted name) is kept as written: a default of `'a  b'` is not `'a b'`.
    static func evened(_ sql: String) -> String {
        var out = ""
        var quote: Character?
        var blank = false
        for character in sql {
            if let open = quote {
                out.append(character)
                if character == open { quote = nil } // a doubled quote closes and reopens: kept as written
                continue
            }
            if character.isWhitespace {
                blank = true
                continue
            }
            if blank, let last = out.last, !"(,".contains(last), !")(,".contains(character) { out.append(" ") }
            blank = false
            if character == "'" || character == "\"" { quote = character }
            out.append(character)
        }
        return out
    }

    @Test func evenedSpacingKeepsQuotedText() {
        #expect(
            Self.evened("  CREATE TABLE t (\n  a TEXT DEFAULT 'x  y' ,\n  \"b  c\" INT )  ")
                == "CREATE TABLE t(a TEXT DEFAULT 'x  y',\"b  c\" INT)")
        #expect(Self.evened("SELECT 'it''s  ok'") == "SELECT 'it''s  ok'")
    }

    @Test func theBaselineIsWhereTheStepsEnd() throws {
        let replayed = try Database(path: Database.inMemory)
        try Migrations(StoreSchema.migrations.steps).apply(to: replayed)
        let fresh = try Database(path: Database.inMemory)
        try StoreSchema.migrations.apply(to: fresh)

        let version = "PRAGMA user_version"
        #expect(try fresh.prepare(version).firstRow { $0.int(0) } == Int64(StoreSchema.migrations.latestVersion))
        #expect(try replayed.prepare(version).firstRow { $0.int(0) } == Int64(StoreSchema.migrations.latestVersion))
        let expected = try Self.shape(of: replayed)
        let actual = try Self.shape(of: fresh)
        #expect(expected.count > 100, "the shape reads tables, columns and indexes")
        #expect(actual == expected, "difference: \(actual.difference(from: expected))")
    }

    @Test func aStoreAlreadyAtAVersionTakesTheStepsAfterIt() throws {
        let db = try Database(path: Database.inMemory)
        try Migrations(Array(StoreSchema.migrations.steps.prefix(3))).apply(to: db)
        try StoreSchema.migrations.apply(to: db)
        let replayed = try Database(path: Database.inMemory)
        try Migrations(StoreSchema.migrations.steps).apply(to: replayed)
        #expect(try Self.shape(of: db) == Self.shape(of: replayed))
    }

    @Test func evenedSpacingIgnoresOnlyLayout() {
        #expect(Self.evened("CREATE TABLE t(\n    a TEXT\n, b INTEGER) STRICT") == "CREATE TABLE t(a TEXT,b INTEGER) STRICT")
        #expect(Self.evened("a  TEXT NOT NULL") != Self.evened("a TEXT NULL"))
    }
}
