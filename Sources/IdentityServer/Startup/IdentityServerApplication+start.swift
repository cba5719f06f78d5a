import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

extension IdentityServerApplication {
    /// What the start-up reports from inside the server task.
    private enum StartEvent: Sendable {
        case running(ServerEnvironment, port: Int)
        case refused(ServerStartError)
        case ended((any Error)?)
    }

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
        let store = try storage.open()
        let clock = ServerClock()
        if let importing {
            do { try importing.load(into: store, clock: clock) } catch { throw .importRefused(error) }
        }
        var logger = Logger(label: "latchkey.serve")
        logger.logLevel = logLevel
        let responder = DeferredResponder<BasicRequestContext>()
        let (events, report) = AsyncStream.makeStream(of: StartEvent.self)
        let app = Application(
            responder: responder,
            configuration: .init(address: .hostname(host, port: port), serverName: "latchkey"),
            onServerRunning: { channel in
                // Connections wait in the backlog until this returns, so no request sees the
                // server without its routes.
                let bound = channel.localAddress?.port ?? port
                do {
                    let env = try ServerEnvironment(
                        configuration: configuration, store: store, baseURL: RunningServer.baseURL(host: host, port: bound), clock: clock)
                    responder.install(router(environment: env).buildResponder())
                    report.yield(.running(env, port: bound))
                } catch let error as ConfigurationError {
                    report.yield(.refused(.configuration(error)))
                } catch {
                    report.yield(.refused(.failed("\(error)")))
                }
            },
            logger: logger)
        // Named here: by default the group names a service by printing it, a reflection of the
        // whole Application at every start (about 1 M instructions).
        let group = ServiceGroup(
            configuration: .init(
                services: [.init(service: app, serviceName: "latchkey identity server")],
                gracefulShutdownSignals: stopsOnSignals ? [.sigterm, .sigint] : [], logger: logger))
        // The server's tasks (connections, handlers) prefer an executor of their own, inherited
        // by every child task: a host process whose Swift-concurrency pool is busy (an app's
        // test run, two threads on two cores) cannot stall the server's answers.
        let task = Task(executorPreference: BlockingExecutor.server) {
            do {
                try await group.run()
                report.yield(.ended(nil))
            } catch {
                report.yield(.ended(error))
                throw error
            }
        }
        for await event in events {
            switch event {
            case .running(let env, let bound):
                return RunningServer(
                    baseURL: RunningServer.baseURL(host: host, port: bound), port: bound, environment: env, group: group, task: task)
            case .refused(let error):
                await group.triggerGracefulShutdown()
                _ = await task.result
                throw error
            case .ended(let error):
                throw listenError(error, host: host, port: port)
            }
        }
        throw .failed("the server task ended before it reported")
    }

    private static func listenError(_ error: (any Error)?, host: String, port: Int) -> ServerStartError {
        guard let error else { return .failed("the server stopped before it listened on \(host):\(port)") }
        if let io = error as? IOError, io.errnoCode == EADDRINUSE { return .addressInUse(host: host, port: port) }
        // NIO reports some bind failures wrapped; its text names the errno.
        if "\(error)".contains("Address already in use") { return .addressInUse(host: host, port: port) }
        return .cannotListen(host: host, port: port, reason: "\(error)")
    }
}
