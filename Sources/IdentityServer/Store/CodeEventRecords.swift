import Foundation
import SQLite

/// What the code limits count: each code sent to an identifier (`sent`, keyed by the normalized
/// email or phone number) and each wrong guess at an account's codes (`miss`, keyed by account
/// id). Both are kept in the store, so a restart does not hand out a fresh budget.
extension IdentityStore {
    enum CodeEvent: String, Sendable { case sent, miss }

    /// When a limit of `limit` events of `kind` for `key` per `window` seconds is reached at
    /// `now`, the number of seconds until the oldest of them leaves the window; nil under it.
    func codeLimitWait(_ kind: CodeEvent, key: String, limit: Int, window: Int64, now: Int64, in db: Database) throws -> Int64? {
        let s = try db.prepare("SELECT COUNT(*), MIN(at) FROM code_events WHERE kind = ?1 AND key = ?2 AND at > ?3")
            .bind(1, kind.rawValue).bind(2, key).bind(3, now - window)
        guard let row = try s.firstRow({ (count: $0.int(0), oldest: $0.int(1)) }), row.count >= Int64(limit) else { return nil }
        // Events are only ever counted inside the window, so the wait is at least a second.
        return max(1, row.oldest + window - now)
    }

    func recordCodeEvent(_ kind: CodeEvent, key: String, at now: Int64, in db: Database) throws {
        try db.prepare("INSERT INTO code_events(kind, key, at) VALUES(?1, ?2, ?3)").bind(1, kind.rawValue).bind(2, key).bind(3, now).run()
    }

    /// Drops events older than every window that could still count them.
    func purgeCodeEvents(before cutoff: Int64, in db: Database) throws {
        try db.prepare("DELETE FROM code_events WHERE at <= ?1").bind(1, cutoff).run()
    }

    /// Deletes the account's live codes (every purpose), or only those sent to `target`.
    func deleteCodes(accountId: String, target: String? = nil, in db: Database) throws {
        let s = try db.prepare("DELETE FROM verification_codes WHERE account_id = ?1 AND (?2 IS NULL OR target = ?2)").bind(1, accountId)
        try Self.bindOptional(s, 2, target)
        try s.run()
    }
}
