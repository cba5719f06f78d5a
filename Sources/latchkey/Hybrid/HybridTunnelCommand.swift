import ArgumentParser
import HybridTunnel

/// `latchkey hybrid tunnel`: the loopback tunnel service, until SIGINT or SIGTERM.
struct HybridTunnelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tunnel", abstract: "Run the hybrid tunnel service (and the radio stand-in for Bluetooth).",
        discussion: """
            Prints `tunnel-url ws://HOST:PORT`, then `ready`; give that URL to both sides as --tunnel. \
            SIGINT or SIGTERM stops it. Exit codes: 0 stopped, 1 could not listen, 2 usage.
            """)
    @Option(help: "Port to listen on (0 picks a free one).") var port: Int = 0
    @Option(help: "Address to listen on.") var host: String = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() throws {
        let (host, port) = (self.host, self.port)
        let outcome = runBlocking {
            let service = try await TunnelService.start(host: host, port: port, stopsOnSignals: true)
            Console.out("tunnel-url \(service.baseURL)")
            Console.out("ready")
            try await service.waitUntilStopped()
        }
        if case .failure(let error) = outcome { throw CommandFailure(.failed, "the tunnel service could not run: \(error)") }
    }
}
