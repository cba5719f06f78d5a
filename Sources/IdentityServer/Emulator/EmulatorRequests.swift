import Encoding
import Foundation

/// `POST /emulator/v1/clock`: `advance_seconds` from 0 to 10 years.
struct ClockRequest: Decodable, Sendable {
    var advanceSeconds: Double

    enum CodingKeys: String, CodingKey { case advanceSeconds = "advance_seconds" }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        advanceSeconds = try c.decode(Double.self, forKey: .advanceSeconds)
        guard advanceSeconds.isFinite, advanceSeconds >= 0, advanceSeconds <= 10 * 365 * 86400 else {
            throw DecodingError.dataCorruptedError(
                forKey: .advanceSeconds, in: c, debugDescription: "must be a number from 0 to 10 years")
        }
    }
}

/// `POST /emulator/v1/faults`: the next `count` calls to `path` (outside `/emulator`) answer
/// `status` with `error`, after `delay_ms`.
struct FaultRequest: Decodable, Sendable {
    var path: String
    var status: Int
    var count: Int
    var delayMilliseconds: Int
    var error: String

    enum CodingKeys: String, CodingKey {
        case path, status, count, error
        case delayMilliseconds = "delay_ms"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = try c.boundedString(.path, max: 512) ?? ""
        guard !path.isEmpty else { throw DecodingError.keyNotFound(CodingKeys.path, .init(codingPath: c.codingPath, debugDescription: "")) }
        guard path.hasPrefix("/"), !path.hasPrefix("/emulator/") else {
            throw DecodingError.dataCorruptedError(forKey: .path, in: c, debugDescription: "must be a route path outside /emulator")
        }
        status = try c.integer(.status, in: 400...599) ?? 500
        count = try c.integer(.count, in: 1...10_000) ?? 1
        delayMilliseconds = try c.integer(.delayMilliseconds, in: 0...60_000) ?? 0
        error = try c.boundedString(.error, max: 128) ?? (status >= 500 ? "server_error" : "invalid_request")
    }
}

/// `POST /emulator/v1/restore`: the snapshot to go back to.
struct RestoreRequest: Decodable, Sendable {
    var id: String

    enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.boundedString(.id, max: 64) ?? ""
        guard !id.isEmpty else { throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: c.codingPath, debugDescription: "")) }
    }
}

/// `POST /emulator/v1/accounts`: signup's profile fields, plus what a seeded account may start
/// with (a password, verified identifiers).
struct SeedAccountRequest: Decodable, Sendable {
    var profile: ProfileFields
    var password: String?
    var emailVerified: Bool?
    var phoneNumberVerified: Bool?

    enum CodingKeys: String, CodingKey {
        case password
        case emailVerified = "email_verified"
        case phoneNumberVerified = "phone_number_verified"
    }

    init(from decoder: any Decoder) throws {
        profile = try ProfileFields(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        password = try c.boundedString(.password, max: 1024)
        emailVerified = try c.decodeIfPresent(Bool.self, forKey: .emailVerified)
        phoneNumberVerified = try c.decodeIfPresent(Bool.self, forKey: .phoneNumberVerified)
    }
}

/// `GET /emulator/v1/requests?limit=`: how many of the newest entries (1 to the journal's size).
struct RequestsQuery: Decodable, Sendable {
    var limit: Int

    enum CodingKeys: String, CodingKey { case limit }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let text = try c.decodeIfPresent(String.self, forKey: .limit) ?? "100"
        guard let limit = Int(text), (1...RequestJournal.capacity).contains(limit) else {
            throw DecodingError.dataCorruptedError(forKey: .limit, in: c, debugDescription: "must be 1 to \(RequestJournal.capacity)")
        }
        self.limit = limit
    }
}

extension KeyedDecodingContainer {
    /// A string of at most `max` UTF-8 bytes, or nil when absent or null; a longer one is a
    /// `too_long` failure naming the member.
    func boundedString(_ key: Key, max: Int) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard text.utf8.count <= max else {
            throw StrictJSONDecodingError(
                path: StrictJSONDecodingError.path(codingPath + [key]), code: .tooLong, reason: "is longer than \(max) bytes")
        }
        return text
    }

    /// A whole number in `range`, or nil when absent or null.
    func integer(_ key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }
}
