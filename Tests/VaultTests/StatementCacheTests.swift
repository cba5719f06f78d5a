import SQLite
import Testing

/// The connection's statement cache hashes only a text's length and tail: texts alike in both
/// are still different statements, and the cached transaction statements behave as `execute`.
struct StatementCacheTests {
    @Test func textsWithTheSameLengthAndTailAreDifferentStatements() throws {
        let db = try Database(path: Database.inMemory, options: .init(create: true))
        for round in 0..<3 {
            let one = try db.prepare("SELECT 1 AS same_tail_here").firstRow { $0.int(0) }
            let two = try db.prepare("SELECT 2 AS same_tail_here").firstRow { $0.int(0) }
            #expect(one == 1, "round \(round)")
            #expect(two == 2, "round \(round)")
        }
    }

    @Test func cachedTransactionStatementsCommitAndRollBack() throws {
        let db = try Database(path: Database.inMemory, options: .init(create: true))
        try db.execute("CREATE TABLE t(x INTEGER)")
        try db.writeTransaction { try db.prepare("INSERT INTO t VALUES (1)").run() }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try db.writeTransaction {
                try db.prepare("INSERT INTO t VALUES (2)").run()
                throw Refused()
            }
        }
        try db.writeTransaction { try db.prepare("INSERT INTO t VALUES (3)").run() }
        let sum = try db.readTransaction { try db.prepare("SELECT sum(x) FROM t").firstRow { $0.int(0) } }
        #expect(sum == 4)
        // A savepoint inside a transaction, rolled back on its own.
        try db.writeTransaction {
            try db.control("SAVEPOINT step")
            try db.prepare("INSERT INTO t VALUES (10)").run()
            try db.control("ROLLBACK TO step")
            try db.control("RELEASE step")
        }
        #expect(try db.prepare("SELECT sum(x) FROM t").firstRow { $0.int(0) } == 4)
    }
}
