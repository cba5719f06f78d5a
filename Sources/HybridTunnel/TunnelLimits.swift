import NIOCore

/// What one peer (one IP address) may hold of a tunnel service, and how long anything lasts.
/// Without them one client fills the service: a thousand `/cable/new` sockets and every honest
/// phone is refused, slots whose two ends answer pings live for ever, and a half-sent request
/// holds its file descriptor for good.
public struct TunnelLimits: Sendable, Equatable {
    /// Tunnels (joined or waiting) one peer may have open at once.
    public var tunnelsPerPeer: Int
    /// Tunnels one peer may have waiting for their laptop at once.
    public var waitingTunnelsPerPeer: Int
    /// TCP connections one peer may hold at once (tunnels, the radio, requests in progress).
    public var connectionsPerPeer: Int
    /// Tunnels the whole service keeps at once.
    public var capacity: Int
    /// Seconds a connection has to finish its request and become a WebSocket; then it is closed.
    public var requestDeadline: Double
    /// Seconds a tunnel lives from its phone's arrival, joined or not, pings or not.
    public var lifetime: Double
    /// Seconds a phone waits for its laptop; a tunnel nobody joined by then is closed.
    public var waitingLifetime: Double

    public init(
        tunnelsPerPeer: Int = 16, waitingTunnelsPerPeer: Int = 8, connectionsPerPeer: Int = 64, capacity: Int = 1024,
        requestDeadline: Double = 10, lifetime: Double = 300, waitingLifetime: Double = 120
    ) {
        self.tunnelsPerPeer = tunnelsPerPeer
        self.waitingTunnelsPerPeer = waitingTunnelsPerPeer
        self.connectionsPerPeer = connectionsPerPeer
        self.capacity = capacity
        self.requestDeadline = requestDeadline
        self.lifetime = lifetime
        self.waitingLifetime = waitingLifetime
    }

    public static let `default` = TunnelLimits()

    /// The first limit that makes no sense, said as the option that sets it would be.
    public var problem: String? {
        if tunnelsPerPeer < 1 || waitingTunnelsPerPeer < 1 || connectionsPerPeer < 1 || capacity < 1 {
            return "every limit must be at least 1"
        }
        if waitingTunnelsPerPeer > tunnelsPerPeer { return "a peer's waiting tunnels cannot exceed its tunnels" }
        for (name, value) in [("request deadline", requestDeadline), ("lifetime", lifetime), ("waiting lifetime", waitingLifetime)]
        where !(value > 0 && value <= 86_400) {
            return "the \(name) must be more than 0 and at most 86400 seconds"
        }
        return waitingLifetime > lifetime ? "the waiting lifetime cannot exceed the lifetime" : nil
    }

    static func amount(_ seconds: Double) -> TimeAmount { .nanoseconds(Int64(seconds * 1_000_000_000)) }
}
