import Foundation
import SQLite
import Testing

@testable import Vault

/// `PRAGMA integrity_check` as a verdict; a check that could not run throws SQLite's error
/// instead (no test provokes that here: every way to make the file unreadable also makes
/// opening the connection fail, before the check).
struct IntegrityCheckTests {
    @Test func anIntactDatabaseChecksOK() throws {
        let db = try Database(path: temporaryVaultPath(), options: .init(create: true))
        try db.execute("CREATE TABLE t(x INTEGER)")
        #expect(try db.integrityCheck())
    }
}
