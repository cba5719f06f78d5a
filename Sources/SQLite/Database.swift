import CSQLite
import Foundation

/// One SQLite connection with the settings a credential store needs. Not thread-safe, and not
/// `Sendable`: a connection belongs to whoever holds it (the identity store and the vault each
/// keep theirs under a lock); SQLite serializes across connections and processes.
public final class Database {
    public let path: String
    /// The path SQLite reads as "a private database in memory, gone when closed".
    public static let inMemory = ":memory:"
    let handle: OpaquePointer
    private var statements: [StatementKey: Statement] = [:]
    private let busyWait: BusyWait

    public struct Options: Sendable {
        public var create: Bool
        /// How long a lock request waits while the holder makes no progress (see `BusyWait`)
        /// before it fails with `SQLITE_BUSY`.
        public var busyTimeoutMilliseconds: Int32
        public var readOnly: Bool
        /// Page size for a new file (ignored for an existing one): larger pages mean fewer reads
        /// when scanning tables of wide rows.
        public var pageSize: Int?
        /// `FULL` syncs the WAL on every commit (survives power loss); `NORMAL` syncs at
        /// checkpoints only: a commit still survives the process being killed, which is what a
        /// test server needs, at a fraction of the cost per commit.
        public var synchronous: Synchronous
        public enum Synchronous: String, Sendable {
            case full = "FULL"
            case normal = "NORMAL"
        }
        public init(
            create: Bool = false, busyTimeoutMilliseconds: Int32 = 5000, readOnly: Bool = false, pageSize: Int? = nil,
            synchronous: Synchronous = .full
        ) {
            self.create = create
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.readOnly = readOnly
            self.pageSize = pageSize
            self.synchronous = synchronous
        }
    }

    /// Opens with NOFOLLOW and extended result codes, DEFENSIVE on, `trusted_schema=OFF`, WAL,
    /// `synchronous=FULL`, `secure_delete=ON`, `cell_size_check=ON` and a progress-aware busy wait. New files
    /// are created with mode 0600.
    public init(path: String, options: Options = .init()) throws(SQLiteError) {
        self.path = path
        // NOMUTEX: a connection is one user's at a time (its statement cache could not be shared
        // anyway; the identity store holds a lock around every use), so SQLite's own mutex
        // around each call was pure cost, a lock and an unlock per step, bind and reset.
        var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOMUTEX
        flags |= options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if options.create && path != Database.inMemory {
            flags |= SQLITE_OPEN_CREATE
            // Create the file ourselves so it is 0600 from the first byte, whatever the umask.
            let fd = open(path, O_CREAT | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        busyWait = BusyWait(path: path, stallLimit: .milliseconds(Int(options.busyTimeoutMilliseconds)))
        sqlite3_extended_result_codes(db, 1)
        var unused: Int32 = 0
        _ = latchkey_sqlite3_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &unused)
        _ = latchkey_sqlite3_db_config_int(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &unused)
        busyWait.install(on: db)
        do {
            try execute("PRAGMA trusted_schema=OFF")
            // Must precede WAL mode and the first table; a no-op on an existing database.
            if let pageSize = options.pageSize { try execute("PRAGMA page_size=\(pageSize)") }
            if !options.readOnly {
                try execute("PRAGMA journal_mode=WAL")
            }
            try execute("PRAGMA synchronous=\(options.synchronous.rawValue)")
            try execute("PRAGMA secure_delete=ON")
            try execute("PRAGMA cell_size_check=ON")
            try execute("PRAGMA foreign_keys=ON")
            // 32 MiB of page cache instead of SQLite's 2 MiB: random-key inserts into large
            // tables, and full scans, otherwise re-read the same pages from the OS.
            try execute("PRAGMA cache_size=-32768")
        } catch {
            statements.removeAll()
            sqlite3_close_v2(db)
            throw error
        }
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs SQL without results (several statements allowed; no parameters).
    public func execute(_ sql: String) throws(SQLiteError) {
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        guard rc == SQLITE_OK else { throw error(rc) }
    }

    /// Turns SQLite's memory statistics off for the process: with them on, every allocation SQLite
    /// makes takes a process-wide mutex, and nothing here reads them. SQLite takes this only
    /// before it is first used and not while another thread may be using it, so only a program's
    /// entry point, before any other thread starts, may call it (the `latchkey` executable does);
    /// a library hosted in someone else's process leaves the setting alone.
    /// - Returns: false when SQLite was already in use (the statistics then stay on).
    @discardableResult
    public static func disableMemoryStatisticsAtStartup() -> Bool { latchkey_sqlite3_config_memstatus(0) == SQLITE_OK }

    /// A prepared statement, cached per SQL text.
    public func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        let key = StatementKey(sql: sql)
        if let s = statements[key] {
            s.reset()
            return s
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        let s = Statement(db: self, handle: stmt)
        statements[key] = s
        return s
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`, rolling back on any error. IMMEDIATE takes the
    /// write lock up front, so a reader never has to upgrade (which would fail with BUSY).
    public func writeTransaction<R>(_ body: () throws -> R) throws -> R {
        localWriteTransactions &+= 1
        try control("BEGIN IMMEDIATE")
        do {
            let r = try body()
            try control("COMMIT")
            return r
        } catch {
            try? control("ROLLBACK") // the body's error is the one to report; SQLite rolls back a failed COMMIT itself
            throw error
        }
    }

    /// A read transaction, so several SELECTs see one snapshot.
    /// A failed COMMIT is thrown (a read that could not end leaves the connection inside the
    /// transaction); after a failed body the transaction is rolled back and the body's error thrown.
    public func readTransaction<R>(_ body: () throws -> R) throws -> R {
        try control("BEGIN DEFERRED")
        let r: R
        do { r = try body() } catch {
            try? control("ROLLBACK") // the body's error is the one to report; a read leaves nothing to undo
            throw error
        }
        try control("COMMIT")
        return r
    }

    /// A transaction-control statement (`BEGIN`, `COMMIT`, `SAVEPOINT name` …) from the statement
    /// cache: `execute` would compile it again on every transaction, a fair share of a short one.
    public func control(_ sql: String) throws(SQLiteError) {
        let statement = try prepare(sql)
        defer { statement.reset() }
        let rc = sqlite3_step(statement.handle)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw error(rc) }
    }

    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Write transactions started on this connection (committed or not).
    public private(set) var localWriteTransactions: UInt64 = 0

    /// A value that differs whenever the database may have changed since it was last read:
    /// SQLite's `data_version` counts commits by other connections and processes, and the
    /// local count covers this connection's own (a rolled-back one only costs a cache miss).
    public func changeStamp() throws -> ChangeStamp {
        let version = try prepare("PRAGMA data_version").firstRow { $0.int(0) } ?? 0
        return ChangeStamp(dataVersion: version, localWrites: localWriteTransactions)
    }

    /// `PRAGMA integrity_check` → true when SQLite reports "ok". A check that cannot run (the
    /// file is locked, unreadable, not a database) throws: that is no verdict on the contents.
    public func integrityCheck() throws(SQLiteError) -> Bool {
        do { return try prepare("PRAGMA integrity_check").firstRow { $0.text(0) == "ok" } ?? false } catch let e as SQLiteError {
            throw e
        } catch {
            throw SQLiteError(code: SQLITE_ERROR, message: "integrity_check: \(error)")
        }
    }

    /// Copies the database into `path` with the online backup API (consistent while in use).
    public func backup(to path: String) throws(SQLiteError) {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot create \(path) (does it exist?)") }
        close(fd)
        var dest: OpaquePointer?
        guard sqlite3_open_v2(path, &dest, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil) == SQLITE_OK, let dest else {
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(dest) }
        guard let b = sqlite3_backup_init(dest, "main", handle, "main") else {
            throw SQLiteError(code: sqlite3_errcode(dest), message: String(cString: sqlite3_errmsg(dest)))
        }
        var rc: Int32
        repeat { rc = sqlite3_backup_step(b, -1) } while rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED
        sqlite3_backup_finish(b)
        guard rc == SQLITE_DONE else { throw SQLiteError(code: rc, message: "backup failed") }
        // A backup is a single self-contained file: no -wal sidecar to carry along.
        _ = sqlite3_exec(dest, "PRAGMA journal_mode=DELETE", nil, nil, nil)
    }

    /// Replaces this database's whole content with the file at `path` (a `backup(to:)` copy),
    /// in one step: readers of this connection see the old content or the new, never a mix.
    public func restore(from path: String) throws(SQLiteError) {
        var source: OpaquePointer?
        guard sqlite3_open_v2(path, &source, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOFOLLOW, nil) == SQLITE_OK, let source else {
            if let source { sqlite3_close_v2(source) }
            throw SQLiteError(code: SQLITE_CANTOPEN, message: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(source) }
        statements.removeAll()
        guard let b = sqlite3_backup_init(handle, "main", source, "main") else { throw error(sqlite3_errcode(handle)) }
        var rc: Int32
        repeat { rc = sqlite3_backup_step(b, -1) } while rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED
        sqlite3_backup_finish(b)
        guard rc == SQLITE_DONE else { throw SQLiteError(code: rc, message: "restore failed") }
    }
}
