import ArgumentParser
import HybridTunnel

/// `latchkey hybrid tunnel`: the loopback tunnel service, until SIGINT or SIGTERM.
struct HybridTunnelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tunnel", abstract: "Run the hybrid tunnel service (and the radio stand-in for Bluetooth).",
        discussion: """
            Prints `tunnel-url ws://HOST:PORT`, then `ready`; give that URL to both sides as --tunnel. \
            SIGINT or SIGTERM stops it. One peer (an IP address) cannot fill it: the limits below \
            refuse its tunnels past its share, close a connection that has not become a WebSocket \
            by the request deadline, and end every tunnel at its lifetime whether or not its ends \
            answer pings. Exit codes: 0 stopped, 1 could not listen, 2 usage.
            """)
    @Option(help: "Port to listen on (0 picks a free one).") var port: Int = 0
    @Option(help: "Address to listen on.") var host: String = "127.0.0.1"
    @Option(help: "Tunnels one peer may have open at once.") var tunnelsPerPeer = TunnelLimits.default.tunnelsPerPeer
    @Option(help: "Tunnels one peer may have waiting for their laptop at once.")
    var waitingTunnelsPerPeer = TunnelLimits.default.waitingTunnelsPerPeer
    @Option(help: "TCP connections one peer may hold at once.") var connectionsPerPeer = TunnelLimits.default.connectionsPerPeer
    @Option(help: "Tunnels the service keeps at once.") var capacity = TunnelLimits.default.capacity
    @Option(help: ArgumentHelp("Seconds a connection has to send its request and become a WebSocket.", valueName: "seconds"))
    var requestDeadline = TunnelLimits.default.requestDeadline
    @Option(help: ArgumentHelp("Seconds a tunnel lives, joined or not.", valueName: "seconds"))
    var lifetime = TunnelLimits.default.lifetime
    @Option(help: ArgumentHelp("Seconds a phone's tunnel waits for its laptop.", valueName: "seconds"))
    var waitingLifetime = TunnelLimits.default.waitingLifetime

    var limits: TunnelLimits {
        TunnelLimits(
            tunnelsPerPeer: tunnelsPerPeer, waitingTunnelsPerPeer: waitingTunnelsPerPeer, connectionsPerPeer: connectionsPerPeer,
            capacity: capacity, requestDeadline: requestDeadline, lifetime: lifetime, waitingLifetime: waitingLifetime)
    }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        if let problem = limits.problem { throw ValidationError(problem) }
    }

    func run() async throws {
        let (host, port, limits) = (self.host, self.port, self.limits)
        do {
            let service = try await TunnelService.start(host: host, port: port, limits: limits, stopsOnSignals: true)
            Console.out("tunnel-url \(service.baseURL)")
            Console.out("ready")
            try await service.waitUntilStopped()
        } catch {
            throw CommandFailure(.failed, "the tunnel service could not run: \(error)")
        }
    }
}
