import Foundation
import ServiceLifecycle

/// A server started by `IdentityServerApplication.start`: where it listens, its environment
/// (store, clock, configuration) and the way to stop it.
public final class RunningServer: Sendable {
    /// `http://127.0.0.1:54321`: the bound address, and the issuer unless one is configured.
    public let baseURL: String
    /// The port the server listens on (the one the OS chose when asked for port 0).
    public let port: Int
    public let environment: ServerEnvironment
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    init(baseURL: String, port: Int, environment: ServerEnvironment, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.port = port
        self.environment = environment
        self.group = group
        self.task = task
    }

    /// Stops accepting connections, lets the requests in flight finish (an outbox long-poll ends
    /// at once), and returns when the server has stopped. Calling it again is harmless.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
        environment.removeTemporarySnapshots()
    }

    /// Returns when the server stops on its own (a shutdown signal it was started with), or
    /// throws what stopped it.
    public func waitUntilStopped() async throws {
        defer { environment.removeTemporarySnapshots() }
        try await task.value
    }

    /// The URL clients use for a server listening on `host:port`: a wildcard address is no
    /// address to send requests to, so it becomes the loopback address of the same family, and
    /// an IPv6 address is bracketed.
    static func baseURL(host: String, port: Int) -> String {
        let reachable = host == "0.0.0.0" ? "127.0.0.1" : host == "::" ? "::1" : host
        let displayHost = reachable.contains(":") ? "[\(reachable)]" : reachable
        return "http://\(displayHost):\(port)"
    }
}
