import Foundation
import HTTPServing

/// A server started by `IdentityServerApplication.start`: where it listens, its environment
/// (store, clock, configuration) and the way to stop it.
public final class RunningServer: Sendable {
    /// `http://127.0.0.1:54321`: the bound address, and the issuer unless one is configured.
    public let baseURL: String
    /// The port the server listens on (the one the OS chose when asked for port 0).
    public let port: Int
    public let environment: ServerEnvironment
    private let server: BoundServer

    init(environment: ServerEnvironment, server: BoundServer) {
        self.baseURL = environment.baseURL
        self.port = server.port
        self.environment = environment
        self.server = server
    }

    /// Stops accepting connections, lets the requests in flight finish (an outbox long-poll ends
    /// at once), and returns when the server has stopped. Calling it again is harmless.
    public func stop() async {
        await server.stop()
        environment.removeTemporarySnapshots()
    }

    /// Returns when the server stops on its own (a shutdown signal it was started with), or
    /// throws what stopped it.
    public func waitUntilStopped() async throws {
        defer { environment.removeTemporarySnapshots() }
        try await server.waitUntilStopped()
    }

    /// The URL clients use for a server listening on `host:port`: a wildcard address is no
    /// address to send requests to, so it becomes the loopback address of the same family, and
    /// an IPv6 address is bracketed. Over https a loopback or wildcard address is `localhost`
    /// (the name a client checks the certificate against, and the one the SDK's `domain` takes),
    /// and port 443 is left out: `https://localhost`.
    static func baseURL(host: String, port: Int, secure: Bool = false) -> String {
        var reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        if secure, reachable == "::1" || reachable.hasPrefix("127.") { reachable = "localhost" }
        let displayHost = reachable.contains(":") ? "[\(reachable)]" : reachable
        if secure { return port == 443 ? "https://\(displayHost)" : "https://\(displayHost):\(port)" }
        return "http://\(displayHost):\(port)"
    }
}
