import CSQLite

/// A prepared statement. Binding is by 1-based index; blobs and text are copied by SQLite.
public final class Statement {
    unowned let db: Database
    let handle: OpaquePointer

    init(db: Database, handle: OpaquePointer) {
        self.db = db
        self.handle = handle
    }
    deinit { sqlite3_finalize(handle) }

    /// Ends the statement's use. A statement stepped but not run to completion keeps a read
    /// transaction open (stale snapshots, and BUSY for writers and checkpoints).
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Steps once, reads the first row if there is one, and resets.
    public func firstRow<R>(_ read: (Statement) throws -> R) throws -> R? {
        defer { reset() }
        guard try step() else { return nil }
        return try read(self)
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: [UInt8]?) throws(SQLiteError) -> Statement {
        let rc: Int32
        if let value {
            rc = value.withUnsafeBytes {
                sqlite3_bind_blob64(
                    handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), sqlite3_uint64($0.count), latchkey_sqlite_transient())
            }
        } else {
            rc = sqlite3_bind_null(handle, index)
        }
        guard rc == SQLITE_OK else { throw db.error(rc) }
        return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: Int64) throws(SQLiteError) -> Statement {
        let rc = sqlite3_bind_int64(handle, index, value)
        guard rc == SQLITE_OK else { throw db.error(rc) }
        return self
    }

    @discardableResult
    public func bind(_ index: Int32, _ value: String) throws(SQLiteError) -> Statement {
        let rc = sqlite3_bind_text(handle, index, value, -1, latchkey_sqlite_transient())
        guard rc == SQLITE_OK else { throw db.error(rc) }
        return self
    }

    /// Advances; true while a row is available.
    public func step() throws(SQLiteError) -> Bool {
        let rc = sqlite3_step(handle)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let e = db.error(rc)
        sqlite3_reset(handle)
        throw e
    }

    /// Runs to completion (for INSERT/UPDATE/DELETE).
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    public func blob(_ column: Int32) -> [UInt8]? {
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        let n = Int(sqlite3_column_bytes(handle, column))
        guard n > 0, let p = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }

    /// The column's bytes without a copy; valid only inside `body` (until the next step).
    public func withBlob<R>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let p = sqlite3_column_blob(handle, column)
        let n = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : n))
    }

    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    public func text(_ column: Int32) -> String? {
        guard let p = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: p)
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// SQLite's storage classes: what a column of the current row actually holds, whatever the
    /// declared type (a tampered file can put text where a blob was).
    public enum StorageClass: Sendable { case integer, real, text, blob, null }

    public func storageClass(_ column: Int32) -> StorageClass {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// The column as an integer, or nil when it holds anything but an integer.
    public func strictInt(_ column: Int32) -> Int64? { storageClass(column) == .integer ? int(column) : nil }

    /// The column as bytes: nil for NULL, a throw-free `.failure` for any other non-blob value.
    public func strictBlob(_ column: Int32) -> StrictBlob {
        switch storageClass(column) {
        case .null: return .null
        case .blob: return .bytes(blob(column) ?? [])
        default: return .wrongType
        }
    }

    public enum StrictBlob: Equatable, Sendable {
        case null
        case bytes([UInt8])
        case wrongType
    }
}
