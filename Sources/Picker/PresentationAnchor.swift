import Foundation

/// Where sheets are presented: the headless stand-in for the window an iOS app passes as
/// `presentationAnchor`. Requests performed on one anchor behave as on one screen: a new
/// request while an earlier one waits for its user supersedes it, and the earlier one ends
/// `.canceled` (Apple cancels the pending flow; ReachFive resumes its caller with
/// AuthCanceled). Requests on different anchors are independent, so concurrent callers that
/// each bring their own anchor (or none) never cancel each other.
public final class PresentationAnchor: @unchecked Sendable {
    private var generation = 0
    private let lock = NSLock()

    public init() {}

    /// Starts a request on this anchor and returns its ticket.
    func begin() -> Int {
        lock.lock()
        defer { lock.unlock() }
        generation += 1
        return generation
    }

    /// Whether no newer request has started since `ticket`.
    func isCurrent(_ ticket: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return generation == ticket
    }
}
