import Foundation
import NIOCore
import NIOPosix

/// A TCP client of the tunnel service that writes bytes exactly as given, from a chosen
/// loopback source address (127.0.0.2 is another peer than 127.0.0.1 to the service): the
/// attacker's side of the limit tests, which must send half a request or hold a socket idle.
final class RawTunnelClient: Sendable {
    let channel: any Channel
    private let received: AsyncStream<ByteBuffer>
    private let buffer = Buffer()

    private init(channel: any Channel, received: AsyncStream<ByteBuffer>) {
        self.channel = channel
        self.received = received
    }

    static func connect(port: Int, from source: String) async throws -> RawTunnelClient {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(to: try SocketAddress(ipAddress: source, port: 0))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Collector(continuation)) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        return RawTunnelClient(channel: channel, received: stream)
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }
    func send(_ bytes: [UInt8]) async throws { try await channel.writeAndFlush(ByteBuffer(bytes: bytes)) }

    /// The WebSocket upgrade request a browser sends for `path`.
    static func upgradeRequest(_ path: String, port: Int) -> String {
        "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    }

    /// The reply's head (status line and headers), or nil when the service closed first or
    /// nothing came within `deadline`.
    func replyHead(within deadline: Duration = .seconds(60)) async -> String? {
        await withDeadline(deadline) { [self] in
            var iterator = received.makeAsyncIterator()
            while true {
                if let head = buffer.takeHead() { return head }
                guard let more = await iterator.next() else { return nil }
                buffer.append(more)
            }
        }
    }

    /// The bytes after the head, at least `count` of them, or nil when the service closed first.
    func bytes(_ count: Int, within deadline: Duration = .seconds(60)) async -> [UInt8]? {
        await withDeadline(deadline) { [self] in
            var iterator = received.makeAsyncIterator()
            while true {
                if let bytes = buffer.take(count) { return bytes }
                guard let more = await iterator.next() else { return nil }
                buffer.append(more)
            }
        }
    }

    /// True once the service closed the connection; false if it still had not by `deadline`.
    func closed(within deadline: Duration = .seconds(60)) async -> Bool {
        await withDeadline(deadline) { [self] in
            for await _ in received {}
            return true
        } ?? false
    }

    func close() async { try? await channel.close() } // already closed by the service: nothing to do

    private func withDeadline<T: Sendable>(_ deadline: Duration, _ body: @escaping @Sendable () async -> T?) async -> T? {
        await withTaskGroup(of: T?.self) { group in
            group.addTask { await body() }
            group.addTask {
                try? await Task.sleep(for: deadline) // cancelled: the body answered first
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
    }

    /// What arrived and was not read yet.
    final class Buffer: @unchecked Sendable {
        private var bytes: [UInt8] = []
        private let lock = NSLock()
        func append(_ more: ByteBuffer) { lock.withLock { bytes += more.readableBytesView } }
        func takeHead() -> String? {
            lock.withLock {
                guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: [13, 10, 13, 10]) }) else { return nil }
                defer { bytes.removeFirst(end + 4) }
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
        }
        func take(_ count: Int) -> [UInt8]? {
            lock.withLock {
                guard bytes.count >= count else { return nil }
                defer { bytes.removeFirst(count) }
                return Array(bytes.prefix(count))
            }
        }
    }

    final class Collector: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let continuation: AsyncStream<ByteBuffer>.Continuation
        init(_ continuation: AsyncStream<ByteBuffer>.Continuation) { self.continuation = continuation }
        func channelRead(context: ChannelHandlerContext, data: NIOAny) { continuation.yield(unwrapInboundIn(data)) }
        func channelInactive(context: ChannelHandlerContext) { continuation.finish() }
    }
}
