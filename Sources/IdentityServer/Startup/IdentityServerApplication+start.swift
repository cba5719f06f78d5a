import HTTPServing
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import SQLite
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension IdentityServerApplication {
    /// Opens the store, binds `host:port` (port 0: a free port the OS picks at bind time, so no
    /// other process can take it first), builds the environment with the bound base URL as its
    /// issuer (unless the configuration names one), and serves. Returns once requests are
    /// answered. The one way every caller (`latchkey serve`, the demo, the bench, the tests)
    /// starts a server.
    /// - Parameters:
    ///   - stopsOnSignals: SIGINT and SIGTERM stop the server gracefully (`latchkey serve`); an
    ///     in-process server leaves signals to its host.
    ///   - logLevel: Hummingbird's own log threshold.
    ///   - importing: a saved state (`serve --import`) that replaces the store's before anything
    ///     is served.
    public static func start(
        configuration: ServerConfiguration, storage: ServerStorage = .inMemory, host: String = "127.0.0.1", port: Int = 0,
        stopsOnSignals: Bool = false, logLevel: Logger.Level = .warning, importing: EmulatorExport? = nil
    ) async throws(ServerStartError) -> RunningServer {
        try await start(
            configuration: configuration, storage: storage, host: host, port: port, stopsOnSignals: stopsOnSignals, logLevel: logLevel,
            importing: importing, secure: false, channel: { $0 })
    }

    /// The same start over https: `tls` wraps each connection's HTTP/1.1 channel in TLS (the
    /// caller's, e.g. Hummingbird's `TLSChannel`; this module links no TLS library), and the base
    /// URL, the issuer, the Host check and the own origins are `https://`, without a port on 443.
    /// An error `tls` throws (a refused certificate or key) is `ServerStartError.failed`.
    public static func start<Secured: ServerChildChannel>(
        configuration: ServerConfiguration, storage: ServerStorage = .inMemory, host: String = "127.0.0.1", port: Int = 0,
        stopsOnSignals: Bool = false, logLevel: Logger.Level = .warning, importing: EmulatorExport? = nil,
        tls: (HTTP1Channel) throws -> Secured
    ) async throws(ServerStartError) -> RunningServer {
        try await start(
            configuration: configuration, storage: storage, host: host, port: port, stopsOnSignals: stopsOnSignals, logLevel: logLevel,
            importing: importing, secure: true, channel: tls)
    }

    private static func start<Child: ServerChildChannel>(
        configuration: ServerConfiguration, storage: ServerStorage, host: String, port: Int, stopsOnSignals: Bool,
        logLevel: Logger.Level, importing: EmulatorExport?, secure: Bool, channel: (HTTP1Channel) throws -> Child
    ) async throws(ServerStartError) -> RunningServer {
        let store = try storage.open()
        let clock = ServerClock()
        if let importing {
            do { try importing.load(into: store, clock: clock) } catch { throw .importRefused(error) }
        }
        var logger = Logger(label: "latchkey.serve")
        logger.logLevel = logLevel
        let responder = DeferredResponder<IdentityRequestContext>()
        let environment = Mutex<ServerEnvironment?>(nil)
        let stopping = StopNotice()
        let server: BoundServer
        let child: Child
        do { child = try channel(HTTP1Channel(responder: responder.channelResponder(serverName: "latchkey", logger: logger))) } catch {
            throw .failed("\(error)")
        }
        do {
            // The server's tasks (connections, handlers) prefer an executor of their own,
            // inherited by every child task: a host process whose Swift-concurrency pool is busy
            // (an app's test run, two threads on two cores) cannot stall the server's answers.
            server = try await BoundServer.start(
                child, address: .hostname(host, port: port), serverName: "latchkey", logger: logger,
                executorPreference: BlockingExecutor.server, stopsOnSignals: stopsOnSignals, stopping: stopping
            ) { bound in
                // Connections wait in the backlog until this returns, so no request sees the
                // server without its routes.
                let env: ServerEnvironment
                do {
                    env = try ServerEnvironment(
                        configuration: configuration, store: store, baseURL: RunningServer.baseURL(host: host, port: bound, secure: secure),
                        clock: clock,
                        stopping: stopping)
                } catch let error as ConfigurationError {
                    throw ServerStartError.configuration(error)
                } catch {
                    throw ServerStartError.failed("\(error)")
                }
                responder.install(router(environment: env).buildResponder())
                environment.withLock { $0 = env }
            }
        } catch let error as ServerStartError {
            throw error
        } catch {
            throw listenError(error, host: host, port: port)
        }
        guard let env = environment.withLock({ $0 }) else { throw .failed("the server listened without its environment") }
        return RunningServer(environment: env, server: server)
    }

    private static func listenError(_ error: any Error, host: String, port: Int) -> ServerStartError {
        if let io = error as? IOError, io.errnoCode == EADDRINUSE { return .addressInUse(host: host, port: port) }
        // NIO reports some bind failures wrapped; its text names the errno.
        if "\(error)".contains("Address already in use") { return .addressInUse(host: host, port: port) }
        return .cannotListen(host: host, port: port, reason: "\(error)")
    }
}
