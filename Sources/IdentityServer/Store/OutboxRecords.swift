import Foundation
import SQLite

/// Every email and SMS the server would send, kept for tests to read (`/emulator/v1/outbox`).
extension IdentityStore {
    struct OutboxMessage: Sendable, Equatable {
        var id: Int64
        var channel: String
        var recipient: String
        var subject: String?
        var body: String
        var code: String?
        var link: String?
        var createdAtMilliseconds: Int64
        /// The MFA step-up challenge the message's code belongs to, so a client waiting for its
        /// own code takes no other.
        var challengeId: String? = nil
    }

    static let outboxColumns = "id, channel, recipient, subject, body, code, link, created_at_ms, challenge_id"

    static func outboxMessage(from s: Statement) -> OutboxMessage {
        OutboxMessage(
            id: s.int(0), channel: s.text(1) ?? "", recipient: s.text(2) ?? "", subject: s.text(3),
            body: s.text(4) ?? "", code: s.text(5), link: s.text(6), createdAtMilliseconds: s.int(7), challengeId: s.text(8))
    }

    func appendOutbox(
        channel: String, recipient: String, subject: String?, body: String, code: String?, link: String?,
        challengeId: String? = nil, at milliseconds: Int64, in db: Database
    ) throws {
        let s = try db.prepare(
            """
            INSERT INTO outbox(channel, recipient, subject, body, code, link, created_at_ms, challenge_id)
            VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        _ = try s.bind(1, channel).bind(2, recipient)
        try Self.bindOptional(s, 3, subject)
        _ = try s.bind(4, body)
        try Self.bindOptional(s, 5, code)
        try Self.bindOptional(s, 6, link)
        _ = try s.bind(7, milliseconds)
        try Self.bindOptional(s, 8, challengeId)
        try s.run()
        // A capped outbox: a flood of sign-in requests must not grow it without bound. Ids only
        // grow, so the newest `outboxCapacity` are those above the cut.
        try db.prepare(
            """
            DELETE FROM outbox WHERE id <= (SELECT id FROM outbox ORDER BY id DESC LIMIT 1 OFFSET ?1)
            """
        ).bind(1, Int64(codeLimits.outboxCapacity)).run()
    }

    /// Messages oldest first. `sinceMilliseconds` is inclusive (two messages can share a
    /// millisecond); `afterId` is an exclusive cursor, since ids only grow.
    func outbox(
        recipient: String?, channel: String?, sinceMilliseconds: Int64?, afterId: Int64? = nil, limit: Int = 1000, in db: Database
    ) throws -> [OutboxMessage] {
        let s = try db.prepare(
            """
            SELECT \(Self.outboxColumns) FROM outbox
            WHERE (?1 IS NULL OR recipient = ?1) AND (?2 IS NULL OR channel = ?2) AND (?3 IS NULL OR created_at_ms >= ?3)
              AND (?5 IS NULL OR id > ?5)
            ORDER BY id LIMIT ?4
            """)
        try Self.bindOptional(s, 1, recipient)
        try Self.bindOptional(s, 2, channel)
        try Self.bindOptional(s, 3, sinceMilliseconds)
        _ = try s.bind(4, Int64(limit))
        try Self.bindOptional(s, 5, afterId)
        var out: [OutboxMessage] = []
        while try s.step() { out.append(Self.outboxMessage(from: s)) }
        return out
    }

    /// The same read on the calling thread, for tests and tools (handlers use `reading`).
    func outbox(recipient: String?, channel: String?, sinceMilliseconds: Int64?, afterId: Int64? = nil, limit: Int = 1000) throws
        -> [OutboxMessage]
    {
        try read { db in
            try outbox(recipient: recipient, channel: channel, sinceMilliseconds: sinceMilliseconds, afterId: afterId, limit: limit, in: db)
        }
    }

    func clearOutbox(in db: Database) throws { try db.execute("DELETE FROM outbox") }

    /// `clearOutbox(in:)` on the calling thread, for tests and tools.
    func clearOutbox() throws { try write { db in try clearOutbox(in: db) } }
}
