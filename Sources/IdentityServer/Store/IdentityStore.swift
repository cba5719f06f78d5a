import Foundation
import SQLite
import Synchronization

/// Where the identity server keeps its state: one SQLite connection (a file, or memory for
/// throwaway runs) behind a mutex, so concurrent handlers take turns; each call is one short
/// transaction. Commits use WAL with `synchronous=NORMAL`: a commit that returned survives the
/// process being killed (what the kill -9 test checks), though not a power cut.
public final class IdentityStore: @unchecked Sendable { // the connection and pendingCodeMisses only under lock
    // Guarded by `lock`: one connection, one caller at a time.
    private let connection: Database
    private let lock = NSLock()
    public let path: String
    /// Wrong code guesses seen during the current call (guarded by `lock`). They are counted in
    /// a transaction of their own after the call's, since the call's own transaction rolls back
    /// when it refuses the code.
    var pendingCodeMisses: [CodeMiss] = []
    /// The code limits the store enforces: set by the server environment before it serves,
    /// again by a later server over the same store, read inside transactions.
    var codeLimits: ServerConfiguration.Limits {
        get { limits.withLock { $0 } }
        set { limits.withLock { $0 = newValue } }
    }
    private let limits = Mutex(ServerConfiguration.Limits())

    public init(path: String) throws {
        self.path = path
        let db = try Database(path: path, options: .init(create: true, synchronous: .normal))
        try StoreSchema.migrations.apply(to: db)
        connection = db
    }

    public static func inMemory() throws -> IdentityStore { try IdentityStore(path: Database.inMemory) }

    public var isInMemory: Bool { path == Database.inMemory }

    private func withConnection<R>(_ body: (Database) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        let result = Result { try body(connection) }
        // A miss that cannot be counted fails the call (a 500) rather than being a free guess.
        if !pendingCodeMisses.isEmpty { try countCodeMisses(in: connection) }
        return try result.get()
    }

    /// Where the async calls below run: one thread at a time, in order, never a NIO event loop
    /// or a Swift-concurrency pool thread (see BlockingExecutor).
    private let executor = BlockingExecutor(label: "latchkey.identity-store", width: .serial)

    /// Runs `body` in one write transaction: what services call. A request's handler runs on
    /// the server's own threads, which may block for a moment, so the transaction runs there
    /// (under the connection's lock) and spares two executor hops, most of a short
    /// transaction's cost. Called from anywhere else (the Swift-concurrency pool: a test or
    /// an app calling a service directly) it runs on the store's own executor.
    func transaction<R>(_ body: (Database) throws -> R) async throws -> R {
        if BlockingExecutor.server.isCurrentPreference { return try write(body) }
        return try await executor.run { try write(body) }
    }

    /// Runs `body` in one read transaction, where `transaction` would.
    func reading<R>(_ body: (Database) throws -> R) async throws -> R {
        if BlockingExecutor.server.isCurrentPreference { return try read(body) }
        return try await executor.run { try read(body) }
    }

    /// Runs `body` in one write transaction on the calling thread (start-up and seeding, before
    /// the server takes requests; request handling uses `transaction`).
    func write<R>(_ body: (Database) throws -> R) throws -> R {
        try withConnection { db in try db.writeTransaction { try body(db) } }
    }

    /// Runs `body` in one read transaction on the calling thread (see `write`).
    func read<R>(_ body: (Database) throws -> R) throws -> R {
        try withConnection { db in try db.readTransaction { try body(db) } }
    }

    /// SQLite's own integrity check plus the store's invariants (every credential, code and
    /// token belongs to an existing account; foreign keys hold).
    public func integrityCheck() throws -> Bool {
        try withConnection { db in
            guard try db.integrityCheck() else { return false }
            let violations = try db.prepare("PRAGMA foreign_key_check").firstRow { _ in true } ?? false
            return !violations
        }
    }

    /// Copies the whole state into `path` (a consistent snapshot while in use).
    func backup(to path: String) throws {
        try withConnection { db in try db.backup(to: path) }
    }

    /// Replaces the whole state with a snapshot written by `backup(to:)`, brought to this
    /// build's schema (a snapshot kept from an older version lacks later columns). Outbox ids
    /// keep growing across it: a reader's `after_id` cursor from before the restore must not
    /// skip the messages sent after it.
    func restore(from path: String) throws {
        try withConnection { db in
            let lastOutboxId = try Self.lastOutboxId(in: db)
            try db.restore(from: path)
            try StoreSchema.migrations.apply(to: db)
            try db.writeTransaction {
                let restored = try Self.lastOutboxId(in: db)
                guard lastOutboxId > restored else { return }
                try db.prepare("DELETE FROM sqlite_sequence WHERE name = 'outbox'").run()
                try db.prepare("INSERT INTO sqlite_sequence(name, seq) VALUES('outbox', ?1)").bind(1, lastOutboxId).run()
            }
        }
    }

    /// The highest outbox id ever handed out (0 before the first message): AUTOINCREMENT keeps
    /// it in `sqlite_sequence`, which SQLite makes with the first AUTOINCREMENT table.
    private static func lastOutboxId(in db: Database) throws -> Int64 {
        try db.prepare("SELECT COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'outbox'), 0)").firstRow { $0.int(0) } ?? 0
    }
}

extension IdentityStore {
    /// Runs `body` under a savepoint of the caller's transaction and returns its outcome rather
    /// than throwing it: a failure undoes `body`'s writes only, so what the caller wrote before
    /// (a spent challenge) still commits.
    func savepoint<R>(in db: Database, _ body: () throws -> R) throws -> Result<R, any Error> {
        try db.control("SAVEPOINT step")
        do {
            let result = try body()
            try db.control("RELEASE step")
            return .success(result)
        } catch {
            try db.control("ROLLBACK TO step")
            try db.control("RELEASE step")
            return .failure(error)
        }
    }
}
