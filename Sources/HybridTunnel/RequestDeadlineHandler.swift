import NIOCore

/// Closes a connection that has not become a WebSocket within its deadline: a client that sends
/// half a request line (or nothing) would otherwise hold its socket for good. First in the
/// pipeline, so it arms when the connection is accepted; the upgrade disarms it.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let deadline: TimeAmount
    private var timer: Scheduled<Void>?

    init(deadline: TimeAmount) { self.deadline = deadline }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: deadline) { channel.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { disarm() }

    func disarm() {
        timer?.cancel()
        timer = nil
    }

    /// Disarms the deadline of `channel`'s handler, from any thread (the upgrade decision runs
    /// off the event loop).
    static func disarm(on channel: any Channel) {
        channel.eventLoop.execute {
            // A channel already closed has no handler left to disarm.
            (try? channel.pipeline.syncOperations.handler(type: RequestDeadlineHandler.self))?.disarm()
        }
    }
}
