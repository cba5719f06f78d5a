import Foundation
import SQLite

/// Sending, as the emulator does it: every email and SMS lands in the outbox table, with its
/// code and link kept apart so a test need not parse the body.
enum Outbox {
    enum Channel: String, Sendable { case email, sms }

    static func append(
        _ channel: Channel, to recipient: String, subject: String?, body: String, code: String?, link: String?,
        challengeId: String? = nil, core: ServiceCore, in db: Database
    ) throws {
        let ms = Int64((core.clock.now.timeIntervalSince1970 * 1000).rounded(.down))
        try core.store.appendOutbox(
            channel: channel.rawValue, recipient: recipient, subject: subject, body: body, code: code, link: link,
            challengeId: challengeId, at: ms, in: db)
    }

    /// A message's link: `base` with `parameters` added to its query (see ``URLQuery``).
    static func link(_ base: String, _ parameters: [String: String]) -> String { URLQuery.appending(parameters, to: base) }
}
