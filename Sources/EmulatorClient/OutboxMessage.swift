import Foundation

/// An email or SMS the server "sent", as the outbox lists it.
public struct OutboxMessage: Decodable, Sendable, Equatable {
    public enum Channel: String, Decodable, Sendable { case email, sms }

    /// Grows with every message (across restores too): the `after_id` cursor.
    public let id: Int64
    public let channel: Channel
    /// The recipient: an email address (lower-cased) or a phone number (E.164).
    public let to: String
    public let subject: String?
    public let body: String
    /// The one-time code the message carries, if any.
    public let code: String?
    /// The link the message carries (a verification or magic link), if any.
    public let link: String?
    /// ISO 8601 with milliseconds, as the server stamped it.
    public let createdAt: String
    /// The MFA step-up challenge (`challenge_id`) the message's code answers, for a step-up code.
    public let challengeId: String?

    enum CodingKeys: String, CodingKey {
        case id, channel, to, subject, body, code, link
        case createdAt = "created_at"
        case challengeId = "challenge_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // The wire carries the id as a decimal string (it may exceed a double's exact range).
        let text = try c.decode(String.self, forKey: .id)
        guard let id = Int64(text) else {
            throw DecodingError.dataCorruptedError(forKey: .id, in: c, debugDescription: "not a message id: \(text)")
        }
        self.id = id
        channel = try c.decode(Channel.self, forKey: .channel)
        to = try c.decode(String.self, forKey: .to)
        subject = try c.decodeIfPresent(String.self, forKey: .subject)
        body = try c.decode(String.self, forKey: .body)
        code = try c.decodeIfPresent(String.self, forKey: .code)
        link = try c.decodeIfPresent(String.self, forKey: .link)
        createdAt = try c.decode(String.self, forKey: .createdAt)
        challengeId = try c.decodeIfPresent(String.self, forKey: .challengeId)
    }

    /// A query parameter of the message's link (`verification_code`, `redirect_uri`, …).
    public func linkParameter(_ name: String) -> String? {
        link.flatMap { URLComponents(string: $0)?.queryItems?.first { $0.name == name }?.value }
    }
}
