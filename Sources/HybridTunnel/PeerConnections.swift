import NIOConcurrencyHelpers
import NIOCore

/// TCP connections open per peer address, counted as the service accepts them (on the event
/// loop, before a byte is read) and released when each one closes.
final class PeerConnections: Sendable {
    private let counts = NIOLockedValueBox<[String: Int]>([:])
    /// Connections closed at accept, whose handling is skipped (there is no request to read).
    private let refused = NIOLockedValueBox<Set<ObjectIdentifier>>([])

    /// Counts a new connection from `peer`, or says no when it already holds `limit`.
    func admit(_ peer: String, limit: Int) -> Bool {
        counts.withLockedValue { counts in
            guard counts[peer, default: 0] < limit else { return false }
            counts[peer, default: 0] += 1
            return true
        }
    }

    func refuse(_ channel: any Channel) {
        _ = refused.withLockedValue { $0.insert(ObjectIdentifier(channel)) }
        channel.close(promise: nil)
    }

    /// True (once) for a connection `refuse` closed.
    func wasRefused(_ channel: any Channel) -> Bool {
        refused.withLockedValue { $0.remove(ObjectIdentifier(channel)) != nil }
    }

    func release(_ peer: String) {
        counts.withLockedValue { counts in
            let left = counts[peer, default: 1] - 1
            counts[peer] = left > 0 ? left : nil
        }
    }
}
