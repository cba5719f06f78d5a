import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EmulatorClient {
    private struct OutboxPage: Decodable { let messages: [OutboxMessage] }

    /// The messages matching every filter given, oldest first.
    /// - Parameters:
    ///   - to: the recipient (emails compare lower-cased).
    ///   - since: messages created at or after this moment of the server's clock.
    ///   - afterId: only messages with a greater id (an exclusive cursor).
    ///   - wait: seconds (at most 60) the server may hold the request until a message matches.
    public func outbox(
        to: String? = nil, channel: OutboxMessage.Channel? = nil, since: Date? = nil, afterId: Int64? = nil, wait: Double = 0
    ) async throws(EmulatorClientError) -> [OutboxMessage] {
        var query: [URLQueryItem] = []
        if let to { query.append(.init(name: "to", value: to)) }
        if let channel { query.append(.init(name: "channel", value: channel.rawValue)) }
        if let since {
            let format = ISO8601DateFormatter()
            format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            query.append(.init(name: "since", value: format.string(from: since)))
        }
        if let afterId { query.append(.init(name: "after_id", value: String(afterId))) }
        let wait = min(max(wait, 0), 60)
        if wait > 0 { query.append(.init(name: "wait", value: String(wait))) }
        let path = "/emulator/v1/outbox"
        return try decode(OutboxPage.self, try await send("GET", path, query: query, wait: wait), path: path).messages
    }

    /// Empties the outbox (ids keep growing after it).
    public func clearOutbox() async throws(EmulatorClientError) {
        _ = try await send("DELETE", "/emulator/v1/outbox")
    }

    /// The newest message id now (0 for an empty outbox): take it before the action that sends,
    /// then `waitForMessage(after:)` sees only what that action sent.
    public func outboxCursor() async throws(EmulatorClientError) -> Int64 {
        try await outbox().last?.id ?? 0
    }

    /// The newest message to `to` that `matching` accepts: one already there (unless `after`
    /// is given, then only newer ones), else the first to arrive within `timeout`, by
    /// long-polling the outbox with an `after_id` cursor.
    public func waitForMessage(
        to: String? = nil, channel: OutboxMessage.Channel? = nil, after cursor: Int64? = nil, timeout: Duration = .seconds(30),
        matching accept: @Sendable (OutboxMessage) -> Bool = { _ in true }
    ) async throws(EmulatorClientError) -> OutboxMessage {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var cursor = cursor
        while true {
            let left = deadline - clock.now
            // The first look (no cursor) answers at once with what is there.
            let wait = cursor == nil ? 0 : max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
            let messages = try await outbox(to: to, channel: channel, afterId: cursor, wait: wait)
            if let found = messages.last(where: accept) { return found }
            cursor = max(cursor ?? 0, messages.last?.id ?? 0)
            if clock.now >= deadline {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw .noMessage(to: to, seconds: seconds)
            }
        }
    }

    /// The code of the newest message to `to` carrying one, waiting up to `timeout` for it.
    public func latestCode(
        to: String, channel: OutboxMessage.Channel? = nil, timeout: Duration = .seconds(30)
    ) async throws(EmulatorClientError) -> String {
        let message = try await waitForMessage(to: to, channel: channel, timeout: timeout) { $0.code != nil }
        guard let code = message.code else { throw .noMessage(to: to, seconds: 0) }
        return code
    }
}
