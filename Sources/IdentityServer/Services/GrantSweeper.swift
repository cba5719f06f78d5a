import SQLite
import Synchronization

/// Drops expired tkns, codes, challenges, refresh tokens and revocations at most once a minute
/// of server time, so a long-running server's tables do not grow with dead rows.
final class GrantSweeper: Sendable {
    private let store: IdentityStore
    /// When expired grants were last dropped (server clock seconds).
    private let lastPurge = Mutex<Int64>(0)

    init(store: IdentityStore) { self.store = store }

    func purgeIfDue(now: Int64, in db: Database) throws {
        let due = lastPurge.withLock { last in
            guard now - last >= 60 else { return false }
            last = now
            return true
        }
        if due { try store.purgeExpired(now: now, in: db) }
    }
}
