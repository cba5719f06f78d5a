import Foundation
import SQLite
import TestSupport
import Testing

/// The lock wait under the vault: a writer waits while the lock holder makes progress and gets
/// `SQLITE_BUSY` only from a holder that is stuck.
struct BusyWaitTests {
    private func table(_ path: String) throws -> Database {
        let db = try Database(path: path, options: .init(create: true))
        try db.execute("CREATE TABLE IF NOT EXISTS t(x INTEGER)")
        return db
    }

    @Test func aStuckHolderGivesBusy() throws {
        let path = temporaryVaultPath()
        let holder = try table(path)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let waiter = try Database(path: path, options: .init(busyTimeoutMilliseconds: 300))
        #expect {
            try waiter.execute("BEGIN IMMEDIATE")
        } throws: { error in
            (error as? SQLiteError)?.isBusy == true
        }
    }

    /// The holder keeps the lock twice as long as the waiter's stall limit, but its files keep
    /// changing every 10 ms (as a long transaction's WAL does), so the waiter gets the lock after
    /// it. The 3 s limit leaves a starved touching thread 300 times its period.
    @Test func aHolderThatMakesProgressIsWaitedFor() async throws {
        let path = temporaryVaultPath()
        let holder = try table(path)
        try holder.execute("BEGIN IMMEDIATE")
        try holder.execute("INSERT INTO t VALUES (42)")
        let released = DispatchSemaphore(value: 0)
        // Handed to the thread below; this test does not touch it again (a connection is not
        // Sendable: it belongs to one user at a time).
        nonisolated(unsafe) let handedOver = holder
        Thread.detachNewThread {
            let clock = ContinuousClock()
            let until = clock.now + .seconds(6)
            while clock.now < until {
                _ = utimensat(AT_FDCWD, path + "-wal", nil, 0)
                usleep(10_000)
            }
            try? handedOver.execute("COMMIT")
            released.signal()
        }
        // The waiter blocks in SQLite's busy handler for seconds: on a thread of its own, not
        // on one of the test pool's.
        let seen = try await OwnThread.run("test.waiter") {
            let waiter = try Database(path: path, options: .init(busyTimeoutMilliseconds: 3000))
            try waiter.execute("BEGIN IMMEDIATE")
            let seen = try waiter.prepare("SELECT x FROM t").firstRow { $0.int(0) }
            try waiter.execute("COMMIT")
            released.wait()
            return seen
        }
        #expect(seen == 42)
    }
}
