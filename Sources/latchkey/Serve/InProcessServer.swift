import Foundation
import IdentityServer

/// An identity server inside this process on a free loopback port, in memory: what
/// `latchkey demo` talks to. Stopped by cancelling its task.
final class InProcessServer: Sendable {
    let baseURL: String
    private let task: Task<Void, Error>

    private init(baseURL: String, task: Task<Void, Error>) {
        self.baseURL = baseURL
        self.task = task
    }

    static func start(_ configuration: ServerConfiguration) async throws -> InProcessServer {
        // The issuer is the base URL, so the port is chosen before the server binds it.
        let port = try FreePort.find(host: "127.0.0.1")
        let baseURL = "http://127.0.0.1:\(port)"
        let env = try ServerEnvironment(configuration: configuration, store: try IdentityStore.inMemory(), baseURL: baseURL)
        let (ready, signal) = AsyncStream.makeStream(of: Bool.self)
        let app = IdentityServerApplication.application(environment: env, host: "127.0.0.1", port: port, logLevel: .critical) { _ in
            signal.yield(true)
        }
        let task = Task {
            defer {
                signal.yield(false)
                env.removeTemporarySnapshots()
            }
            try await app.run()
        }
        var started = false
        for await value in ready {
            started = value
            break
        }
        guard started else {
            task.cancel()
            throw CommandFailure(.failed, "the in-process server could not listen on \(baseURL)")
        }
        return InProcessServer(baseURL: baseURL, task: task)
    }

    func stop() { task.cancel() }
}
