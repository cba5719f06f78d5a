import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// One WebSocket connection to the tunnel service, over NIO's client upgrade (plain `ws://`:
/// the service runs on loopback, and TLS would bring a second crypto library). Binary messages
/// in and out; pings answered; a close ends `receive()` with nil.
final class WebSocketSession {
    private var inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator
    private let outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    /// The upgrade response's headers (`X-caBLE-Routing-ID` for a phone).
    let responseHeaders: HTTPHeaders

    init(
        inbound: NIOAsyncChannelInboundStream<WebSocketFrame>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<WebSocketFrame>,
        responseHeaders: HTTPHeaders
    ) {
        self.inbound = inbound
        self.outbound = outbound
        self.responseHeaders = responseHeaders
    }

    /// A client's frames are masked (RFC 6455 §5.3).
    func send(_ bytes: [UInt8]) async throws {
        try await outbound.write(WebSocketFrame(fin: true, opcode: .binary, maskKey: .random(), data: ByteBuffer(bytes: bytes)))
    }

    /// The next binary message, or nil once the peer closed.
    func receive(maxSize: Int = 256 * 1024) async throws -> [UInt8]? {
        var message: [UInt8] = []
        while let frame = try await inbound.next() {
            var data = frame.unmaskedData
            switch frame.opcode {
            case .binary, .continuation:
                message += data.readBytes(length: data.readableBytes) ?? []
                guard message.count <= maxSize else { throw HybridError.tunnel("a message over \(maxSize) bytes") }
                if frame.fin { return message }
            case .ping:
                try await outbound.write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: data))
            case .connectionClose:
                // Answer the close (RFC 6455 §5.5.1), then the stream ends.
                try? await outbound.write(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data))
                return nil
            default:
                continue
            }
        }
        return nil
    }

    func close() async {
        // the connection may already be gone; closing it again changes nothing
        try? await outbound.write(
            WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: ByteBuffer(bytes: [0x03, 0xE8])))
    }
}

enum WebSocketClient {
    enum Upgrade: Sendable {
        case websocket(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>, HTTPHeaders)
        case refused
    }

    /// Connects to `url` (`ws://host:port/path`), asks for the `fido.cable` subprotocol, and runs
    /// `body` with the session; the connection is closed when `body` returns or throws.
    static func withSession<R: Sendable>(_ url: URL, _ body: (WebSocketSession) async throws -> R) async throws -> R {
        guard url.scheme == "ws", let host = url.host else {
            throw HybridError.tunnel("the tunnel URL must be ws://HOST:PORT (got \(url))")
        }
        // Cancellation reaches the socket: NIO's futures do not see a cancelled task, so the
        // connection itself is closed, which ends a connect, an upgrade or a read in progress.
        let opened = NIOLockedValueBox<(any Channel)?>(nil)
        return try await withTaskCancellationHandler {
            try await session(url, host: host, opened: opened, body)
        } onCancel: {
            opened.withLockedValue { $0 }?.close(promise: nil)
        }
    }

    private static func session<R: Sendable>(
        _ url: URL, host: String, opened: NIOLockedValueBox<(any Channel)?>, _ body: (WebSocketSession) async throws -> R
    ) async throws -> R {
        let port = url.port ?? 80
        let path = url.path.isEmpty ? "/" : url.path
        let upgrade: EventLoopFuture<Upgrade>
        do {
            upgrade = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(.seconds(5))
                .connect(host: host, port: port) { channel in
                    opened.withLockedValue { $0 = channel }
                    return channel.eventLoop.makeCompletedFuture {
                        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                            maxFrameSize: 256 * 1024,
                            upgradePipelineHandler: { channel, response in
                                channel.eventLoop.makeCompletedFuture {
                                    .websocket(
                                        try NIOAsyncChannel<WebSocketFrame, WebSocketFrame>(wrappingChannelSynchronously: channel),
                                        response.headers)
                                }
                            })
                        var headers = HTTPHeaders()
                        headers.add(name: "Host", value: "\(host):\(port)")
                        headers.add(name: "Sec-WebSocket-Protocol", value: "fido.cable")
                        headers.add(name: "Content-Length", value: "0")
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration(
                            upgradeRequestHead: HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers),
                            upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } })
                        return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                            configuration: .init(upgradeConfiguration: configuration))
                    }
                }
        } catch {
            throw HybridError.tunnel("cannot connect to \(host):\(port) (\(error))")
        }
        // Cancelled while connecting: the channel was not known yet to be closed.
        if Task.isCancelled { opened.withLockedValue { $0 }?.close(promise: nil) }
        let result: Upgrade
        do { result = try await upgrade.get() } catch { throw HybridError.tunnel("the WebSocket upgrade failed (\(error))") }
        guard case .websocket(let channel, let headers) = result else {
            throw HybridError.tunnel("the tunnel service refused \(path)")
        }
        return try await channel.executeThenClose { inbound, outbound in
            let session = WebSocketSession(inbound: inbound.makeAsyncIterator(), outbound: outbound, responseHeaders: headers)
            return try await body(session)
        }
    }
}

/// Runs `body`, or throws `HybridError.timedOut(what)` after `seconds`, cancelling it (a
/// cancelled NIO read ends at once, so nothing is left waiting).
func withTimeout<T: Sendable>(_ seconds: Double, _ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else { throw HybridError.timedOut(what) }
        return value
    }
}
