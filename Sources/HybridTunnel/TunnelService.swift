import HTTPServing
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

/// A caBLE v2 tunnel service on loopback (CTAP 2.2 §11.5.2, Chromium's tunnel server): the phone
/// opens `/cable/new/{tunnel id}` and is told its routing id in `X-caBLE-Routing-ID`; the laptop,
/// having read the routing id from the phone's advert, opens `/cable/connect/{routing id}/{tunnel
/// id}`; the service relays binary messages between the two, which are Noise-encrypted end to end
/// (it never holds a key). `/radio` is the stand-in for Bluetooth advertising (`RadioStandIn`).
public final class TunnelService: Sendable {
    /// `ws://127.0.0.1:54321`: what both sides are given as `--tunnel`.
    public let baseURL: String
    public let port: Int
    private let server: BoundServer
    private let registry: TunnelRegistry
    /// What one peer may hold, and how long things last.
    public let limits: TunnelLimits

    /// The largest message relayed: CTAP messages are a few KB; anything far larger is refused by
    /// closing the connection.
    static let maxMessageSize = 64 * 1024

    private init(
        baseURL: String, port: Int, server: BoundServer, registry: TunnelRegistry, limits: TunnelLimits
    ) {
        self.limits = limits
        self.baseURL = baseURL
        self.port = port
        self.server = server
        self.registry = registry
    }

    /// Binds `host:port` (0: a free port) and serves; returns once connections are accepted.
    /// - Parameter stopsOnSignals: SIGINT and SIGTERM stop it gracefully (`latchkey hybrid tunnel`).
    public static func start(
        host: String = "127.0.0.1", port: Int = 0, limits: TunnelLimits = .default, stopsOnSignals: Bool = false,
        logLevel: Logger.Level = .warning
    ) async throws -> TunnelService {
        if let problem = limits.problem { throw TunnelServiceError.badLimits(problem) }
        var logger = Logger(label: "latchkey.hybrid-tunnel")
        logger.logLevel = logLevel
        let registry = TunnelRegistry(limits: limits)
        let peers = PeerConnections()
        let radio = RadioStandIn()
        let router = Router()
        router.get("/") { _, _ in
            "latchkey hybrid tunnel service: /cable/new/{tunnel id}, /cable/connect/{routing id}/{tunnel id}, /radio\n"
        }
        let responder = router.buildResponder().channelResponder(serverName: "latchkey-tunnel", logger: logger)
        let child = TunnelChildChannel(
            upgrading: HTTP1WebSocketUpgradeChannel(responder: responder, configuration: .init(ws: .init(maxFrameSize: maxMessageSize))) {
                request, channel, _ in
                await upgrade(request, channel: channel, registry: registry, radio: radio)
            },
            limits: limits, peers: peers)
        // Bound before anything else runs, with no service group to cancel (see BoundServer). A
        // stop ends the tunnels almost at once: a relayed WebSocket never finishes on its own.
        let server = try await BoundServer.start(
            child, address: .hostname(host, port: port), serverName: "latchkey-tunnel", logger: logger, stopsOnSignals: stopsOnSignals,
            gracePeriod: .milliseconds(100))
        let display = host.contains(":") ? "[\(host)]" : host
        return TunnelService(
            baseURL: "ws://\(display):\(server.port)", port: server.port, server: server, registry: registry, limits: limits)
    }

    public func stop() async { await server.stop() }

    /// Returns when the service stops (a failure, or `stop()` from elsewhere).
    public func waitUntilStopped() async throws { try await server.waitUntilStopped() }

    /// Tunnels whose phone is still connected (for tests: a finished session leaves none).
    public var openTunnels: Int { get async { await registry.openSlots } }

    typealias Handler = WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>

    /// Decides one upgrade request. A WebSocket it grants is disarmed of its request deadline
    /// and, for a tunnel, closed at the tunnel's lifetime on its event loop (whatever the pings).
    static func upgrade(_ request: HTTPRequest, channel: any Channel, registry: TunnelRegistry, radio: RadioStandIn) async
        -> ShouldUpgradeResult<Handler>
    {
        let decision = await decide(request, peer: channel.remoteAddress?.ipAddress ?? "unknown", registry: registry, radio: radio)
        guard case .upgrade = decision.result else { return decision.result }
        RequestDeadlineHandler.disarm(on: channel)
        let limits = registry.limits
        if let tunnel = decision.tunnel {
            channel.eventLoop.scheduleTask(in: TunnelLimits.amount(limits.lifetime)) { channel.close(promise: nil) }
            if let waiting = tunnel.waitingRoutingId {
                channel.eventLoop.scheduleTask(in: TunnelLimits.amount(limits.waitingLifetime)) {
                    Task { await registry.closeIfUnjoined(routingId: waiting) }
                }
            }
        }
        return decision.result
    }

    /// What a granted tunnel connection is: a phone's (whose slot may wait unjoined) or a laptop's.
    struct GrantedTunnel { let waitingRoutingId: String? }

    static func decide(_ request: HTTPRequest, peer: String, registry: TunnelRegistry, radio: RadioStandIn) async
        -> (result: ShouldUpgradeResult<Handler>, tunnel: GrantedTunnel?)
    {
        let path = (request.path ?? "").split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let parts = path.split(separator: "/").map(String.init)
        var headers = HTTPFields()
        // caBLE clients ask for the `fido.cable` subprotocol; a server that accepts one echoes it.
        if let asked = request.headerFields[.secWebSocketProtocol],
            asked.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "fido.cable"
            })
        {
            headers[.secWebSocketProtocol] = "fido.cable"
        }
        switch parts.count {
        case 3 where parts[0] == "cable" && parts[1] == "new" && isHex(parts[2], bytes: 16):
            guard let phone = await registry.open(tunnelId: parts[2].uppercased(), peer: peer) else { return (.dontUpgrade, nil) }
            headers[HTTPField.Name("X-caBLE-Routing-ID")!] = phone.routingId
            let upgrade = ShouldUpgradeResult<Handler>.upgrade(headers) { inbound, outbound, _ in
                await relay(inbound, outbound, receiving: phone.inbox, sending: phone.toLaptop)
                await registry.close(routingId: phone.routingId)
            }
            return (upgrade, GrantedTunnel(waitingRoutingId: phone.routingId))
        case 4 where parts[0] == "cable" && parts[1] == "connect" && isHex(parts[2], bytes: 3) && isHex(parts[3], bytes: 16):
            guard let laptop = await registry.join(routingId: parts[2].uppercased(), tunnelId: parts[3].uppercased()) else {
                return (.dontUpgrade, nil)
            }
            let upgrade = ShouldUpgradeResult<Handler>.upgrade(headers) { inbound, outbound, _ in
                await relay(inbound, outbound, receiving: laptop.inbox, sending: laptop.toPhone)
            }
            return (upgrade, GrantedTunnel(waitingRoutingId: nil))
        case 1 where parts[0] == "radio":
            return (.upgrade(headers) { inbound, outbound, _ in await broadcast(inbound, outbound, radio: radio) }, nil)
        default:
            return (.dontUpgrade, nil)
        }
    }

    static func isHex(_ text: String, bytes: Int) -> Bool {
        text.count == 2 * bytes && text.allSatisfy(\.isHexDigit)
    }

    /// Writes what the other side sends until it leaves, and sends on what this side writes
    /// until it leaves; either way, the other side's stream ends with this connection.
    static func relay(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, receiving: AsyncStream<ByteBuffer>,
        sending: AsyncStream<ByteBuffer>.Continuation
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await buffer in receiving {
                    do { try await outbound.write(.binary(buffer)) } catch { break }
                }
                // the peer left (or this connection is already closing): a failed close changes nothing
                try? await outbound.close(.normalClosure, reason: "peer left")
            }
            do {
                for try await message in inbound.messages(maxSize: maxMessageSize) {
                    // A peer that sends faster than the other side reads loses the tunnel.
                    if case .binary(let buffer) = message, case .dropped = sending.yield(buffer) { break }
                }
            } catch {
                // A protocol error or an oversized message ends this side like a close does.
            }
            sending.finish()
            group.cancelAll()
        }
    }

    /// The radio: every 20-byte advert one client sends reaches the others.
    static func broadcast(_ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, radio: RadioStandIn) async {
        let (id, heard) = await radio.join()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await advert in heard {
                    do { try await outbound.write(.binary(advert)) } catch { break }
                }
            }
            do {
                for try await message in inbound.messages(maxSize: 1024) {
                    if case .binary(let advert) = message, advert.readableBytes == RadioStandIn.advertLength {
                        await radio.broadcast(advert, from: id)
                    }
                }
            } catch {
                // A listener that misbehaves only loses its own place on the radio.
            }
            await radio.leave(id)
            group.cancelAll()
        }
    }
}

public enum TunnelServiceError: Error, CustomStringConvertible {
    case badLimits(String)
    public var description: String {
        switch self {
        case .badLimits(let why): "the tunnel service's limits do not hold together: \(why)"
        }
    }
}
