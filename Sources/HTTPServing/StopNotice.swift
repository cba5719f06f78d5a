import Synchronization

/// Raised once when a server begins to stop: work that waits on its own (a long-poll) checks
/// it so that a stop is not held back for as long as the longest wait.
public final class StopNotice: Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// Whether the server has begun to stop.
    public var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
