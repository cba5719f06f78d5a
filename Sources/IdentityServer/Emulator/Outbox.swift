import Foundation
import SQLite

/// Sending, as the emulator does it: every email and SMS lands in the outbox table, with its
/// code and link kept apart so a test need not parse the body.
enum Outbox {
    enum Channel: String, Sendable { case email, sms }

    static func append(
        _ channel: Channel, to recipient: String, subject: String?, body: String, code: String?, link: String?,
        env: ServerEnvironment, in db: Database
    ) throws {
        let ms = Int64((env.clock.now.timeIntervalSince1970 * 1000).rounded(.down))
        try env.store.appendOutbox(
            channel: channel.rawValue, recipient: recipient, subject: subject, body: body, code: code, link: link,
            at: ms, in: db)
    }

    /// `base` with `parameters` added to its query (percent-encoded).
    static func link(_ base: String, _ parameters: [String: String]) -> String {
        guard var c = URLComponents(string: base) else { return base }
        var items = c.queryItems ?? []
        for (k, v) in parameters.sorted(by: { $0.key < $1.key }) { items.append(URLQueryItem(name: k, value: v)) }
        c.queryItems = items
        return c.string ?? base
    }
}
