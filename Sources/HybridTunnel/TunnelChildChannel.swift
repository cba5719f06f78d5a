import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// The tunnel service's connections: Hummingbird's HTTP/1 + WebSocket channel with the peer's
/// connection limit checked at accept and the request deadline armed before the first byte.
struct TunnelChildChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let upgrading: HTTP1WebSocketUpgradeChannel
    let limits: TunnelLimits
    let peers: PeerConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        guard peers.admit(peer, limit: limits.connectionsPerPeer) else {
            // Over its limit: closed before anything is read. The setup itself must succeed (a
            // failed child-channel setup is the server's error, not this connection's).
            return upgrading.setup(channel: channel, logger: logger).map { value in
                peers.refuse(channel)
                return value
            }
        }
        channel.closeFuture.whenComplete { _ in peers.release(peer) }
        do {
            try channel.pipeline.syncOperations.addHandler(
                RequestDeadlineHandler(deadline: TunnelLimits.amount(limits.requestDeadline)), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return upgrading.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        // A connection refused at accept has no request to read (and its closed channel would
        // be logged as an upgrade error).
        if peers.wasRefused(value.channel) { return }
        await upgrading.handle(value: value, logger: logger)
    }
}
