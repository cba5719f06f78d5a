import Synchronization

/// How many outbox long-polls are waiting in the server right now: a test that needs a poll to
/// be in the server before it acts waits for this to rise (an event, with a deadline) instead of
/// sleeping and hoping the request arrived.
final class OpenLongPolls: Sendable {
    private let count = Mutex(0)

    var current: Int { count.withLock { $0 } }

    /// Counts the poll in for the duration of `body`.
    func waiting<R>(_ body: () async throws -> R) async rethrows -> R {
        count.withLock { $0 += 1 }
        defer { count.withLock { $0 -= 1 } }
        return try await body()
    }
}
