import Foundation

/// `GET /emulator/v1/outbox?to=&channel=&since=&after_id=&wait=`: which messages, and how long
/// to wait (at most 60 s) for one to arrive.
struct OutboxQuery: Decodable, Sendable {
    /// The recipient (an email address compares lowercased, as the server stores it).
    var to: String?
    var channel: Outbox.Channel?
    /// Messages at or after this instant (inclusive: two messages can share a millisecond).
    var sinceMilliseconds: Int64?
    /// Messages after this id (exclusive: a cursor, since ids only grow).
    var afterId: Int64?
    var wait: Double

    enum CodingKeys: String, CodingKey {
        case to, channel, since, wait
        case afterId = "after_id"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        to = try c.decodeIfPresent(String.self, forKey: .to).map { $0.contains("@") ? $0.lowercased() : $0 }
        if let name = try c.decodeIfPresent(String.self, forKey: .channel) {
            guard let channel = Outbox.Channel(rawValue: name) else {
                throw DecodingError.dataCorruptedError(forKey: .channel, in: c, debugDescription: "must be email or sms")
            }
            self.channel = channel
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .since) {
            guard let date = Self.fractional.date(from: text) ?? ISO8601DateFormatter().date(from: text) else {
                throw DecodingError.dataCorruptedError(forKey: .since, in: c, debugDescription: "must be an ISO 8601 date-time")
            }
            sinceMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .afterId) {
            guard let id = Int64(text), id >= 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .afterId, in: c, debugDescription: "must be a message id (a whole number, 0 or more)")
            }
            afterId = id
        }
        wait = 0
        if let text = try c.decodeIfPresent(String.self, forKey: .wait) {
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 60 else {
                throw DecodingError.dataCorruptedError(forKey: .wait, in: c, debugDescription: "must be 0 to 60 seconds")
            }
            wait = seconds
        }
    }

    /// ISO 8601 with milliseconds, as the outbox writes its `created_at`.
    static var fractional: ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }
}

/// `GET /emulator/v1/outbox`'s answer: the messages, oldest first.
struct OutboxResponse: Encodable, Sendable {
    struct Message: Encodable, Sendable {
        var id: String
        var channel: String
        var to: String
        var subject: String?
        var body: String
        var code: String?
        var link: String?
        var createdAt: String
        var challengeId: String?

        enum CodingKeys: String, CodingKey {
            case id, channel, to, subject, body, code, link
            case createdAt = "created_at"
            case challengeId = "challenge_id"
        }
    }

    var messages: [Message]

    init(_ messages: [IdentityStore.OutboxMessage]) {
        let f = OutboxQuery.fractional
        self.messages = messages.map { m in
            Message(
                id: String(m.id), channel: m.channel, to: m.recipient, subject: m.subject, body: m.body, code: m.code, link: m.link,
                createdAt: f.string(from: Date(timeIntervalSince1970: Double(m.createdAtMilliseconds) / 1000)), challengeId: m.challengeId)
        }
    }
}
