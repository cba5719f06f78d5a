/// The server clock: now, and how far it was moved forward.
public struct EmulatorClock: Decodable, Sendable, Equatable {
    /// ISO 8601 (`2025-01-02T03:04:05Z`).
    public let now: String
    public let advancedSeconds: Double

    enum CodingKeys: String, CodingKey {
        case now
        case advancedSeconds = "advanced_seconds"
    }
}

/// A planned failure: the next `count` requests to `path` answer `status` with `error`, after
/// `delayMilliseconds`.
public struct PlannedFault: Codable, Sendable, Equatable {
    public var path: String
    public var status: Int
    public var error: String?
    public var count: Int
    public var delayMilliseconds: Int

    public init(path: String, status: Int = 500, error: String? = nil, count: Int = 1, delayMilliseconds: Int = 0) {
        self.path = path
        self.status = status
        self.error = error
        self.count = count
        self.delayMilliseconds = delayMilliseconds
    }

    enum CodingKeys: String, CodingKey {
        case path, status, error, count
        case delayMilliseconds = "delay_ms"
    }
}

/// One request the server answered, as its journal keeps it (secrets redacted).
public struct JournalEntry: Decodable, Sendable, Equatable {
    public let method: String
    public let path: String
    public let query: String?
    public let status: Int
    public let durationMilliseconds: Double
    public let at: String
    public let correlationId: String?

    enum CodingKeys: String, CodingKey {
        case method, path, query, status, at
        case durationMilliseconds = "duration_ms"
        case correlationId = "correlation_id"
    }
}

/// The code and rate limits the server enforces.
public struct EmulatorLimits: Decodable, Sendable, Equatable {
    public let codesPerIdentifier: Int
    public let codeWindowSeconds: Int
    public let wrongCodesPerAccount: Int
    public let wrongCodeWindowSeconds: Int
    public let outboxCapacity: Int
    public let freshLoginSeconds: Int

    enum CodingKeys: String, CodingKey {
        case codesPerIdentifier = "codes_per_identifier"
        case codeWindowSeconds = "code_window_seconds"
        case wrongCodesPerAccount = "wrong_codes_per_account"
        case wrongCodeWindowSeconds = "wrong_code_window_seconds"
        case outboxCapacity = "outbox_capacity"
        case freshLoginSeconds = "fresh_login_seconds"
    }
}
