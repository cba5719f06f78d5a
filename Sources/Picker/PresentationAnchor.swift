import Foundation
import Synchronization

/// Where sheets are presented: the headless stand-in for the window an iOS app passes as
/// `presentationAnchor`. Requests performed on one anchor behave as on one screen: a new
/// request while an earlier one waits for its user supersedes it, and the earlier one ends
/// `.canceled` (Apple cancels the pending flow; ReachFive resumes its caller with
/// AuthCanceled). Requests on different anchors are independent, so concurrent callers that
/// each bring their own anchor (or none) never cancel each other.
public final class PresentationAnchor: Sendable {
    private let generation = Mutex(0)

    public init() {}

    /// Starts a request on this anchor and returns its ticket.
    func begin() -> Int {
        generation.withLock { generation in
            generation += 1
            return generation
        }
    }

    /// Whether no newer request has started since `ticket`.
    func isCurrent(_ ticket: Int) -> Bool { generation.withLock { $0 == ticket } }
}
