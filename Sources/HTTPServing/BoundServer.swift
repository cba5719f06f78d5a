import HummingbirdCore
import Logging
import NIOCore
import NIOPosix
import Synchronization
import UnixSignals

/// A HummingbirdCore server started so that it cannot hang: the socket is bound (or the bind
/// fails and `start` throws) before anything else runs, and stopping it waits only on the
/// server itself.
///
/// Why not `Application.run()` inside a `ServiceGroup`: the application runs a date-header timer
/// beside the server in a group of its own, built on swift-async-algorithms' `merge`. When the
/// bind fails the group cancels the timer, and `merge`'s cancellation handler can wait on a lock
/// its own task holds (apple/swift-async-algorithms#430, still present in 1.1.4): the process
/// hung with no listener and ignored SIGTERM. Here there is no group, no `merge` and no timer
/// (`HTTPDate` formats the header on demand), and signals are read from `UnixSignalsSequence`,
/// a plain `AsyncStream`.
public final class BoundServer: Sendable {
    /// The port the socket is bound to (the one the OS chose when asked for port 0).
    public let port: Int
    private let shutdown: @Sendable () async -> Void
    private let task: Task<Void, any Error>
    private let gracePeriod: Duration
    private let signalWatch = Mutex<Task<Void, Never>?>(nil)

    private init(
        port: Int, gracePeriod: Duration, shutdown: @escaping @Sendable () async -> Void, task: Task<Void, any Error>
    ) {
        self.port = port
        self.gracePeriod = gracePeriod
        self.shutdown = shutdown
        self.task = task
    }

    /// What the start reports from the server's task.
    private enum StartEvent: Sendable {
        case bound(port: Int)
        case refused(any Error)
        case ended((any Error)?)
    }

    /// Binds `address` and serves `child` connections; returns once connections are accepted.
    /// - Parameters:
    ///   - executorPreference: where the server's tasks (accepting, every connection's
    ///     handler) run; `nil`: the Swift-concurrency pool.
    ///   - stopsOnSignals: SIGINT and SIGTERM stop the server gracefully (a CLI's foreground
    ///     server); an in-process server leaves signals to its host.
    ///   - stopping: the notice `stop()` raises; pass one the handlers already hold.
    ///   - gracePeriod: how long a stop lets open connections finish (requests in flight, an
    ///     idle keep-alive closes at once) before it cancels them: a WebSocket never finishes
    ///     on its own. Counted from the stop's start, so keep it above a few milliseconds:
    ///     quiescing should begin before the cancel lands.
    ///   - onBound: runs once the socket is bound and before the first connection is accepted
    ///     (connections wait in the backlog); an error it throws stops the server and is
    ///     thrown by `start`.
    public static func start<Child: ServerChildChannel>(
        _ child: Child, address: BindAddress, serverName: String? = nil, logger: Logger,
        executorPreference: (any TaskExecutor)? = nil, stopsOnSignals: Bool = false, stopping: StopNotice = StopNotice(),
        gracePeriod: Duration = .seconds(1), onBound: @escaping @Sendable (_ port: Int) async throws -> Void = { _ in }
    ) async throws -> BoundServer {
        let (events, report) = AsyncStream.makeStream(of: StartEvent.self)
        let server = Server(
            childChannelSetup: child, configuration: ServerConfiguration(address: address, serverName: serverName),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                do {
                    try await onBound(port)
                    report.yield(.bound(port: port))
                } catch {
                    report.yield(.refused(error))
                }
            },
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: logger)
        let task = Task(executorPreference: executorPreference) {
            do {
                try await server.run()
                report.yield(.ended(nil))
            } catch {
                report.yield(.ended(error))
                throw error
            }
        }
        let shutdown: @Sendable () async -> Void = {
            stopping.raise()
            // A server the deadline cancelled first has nothing left to quiesce (its socket is
            // closed): not an error worth a person's attention.
            do { try await server.shutdownGracefully() } catch { logger.debug("server shutdown: \(error)") }
        }
        for await event in events {
            switch event {
            case .bound(let port):
                let bound = BoundServer(port: port, gracePeriod: gracePeriod, shutdown: shutdown, task: task)
                if stopsOnSignals { await bound.watchSignals() }
                return bound
            case .refused(let error):
                // Connections may already be open: the same bounded stop as `stop()`.
                await halt(shutdown: shutdown, task: task, grace: gracePeriod)
                throw error
            case .ended(let error):
                throw error ?? BoundServerError.endedBeforeListening
            }
        }
        // The caller was cancelled before the server reported: it must not go on listening
        // with nobody left to stop it.
        await halt(shutdown: shutdown, task: task, grace: gracePeriod)
        throw CancellationError()
    }

    /// Begins quiescing (no new connections; open ones finish their request), cancels the
    /// server's task once `grace` has passed, and returns when it has ended.
    private static func halt(shutdown: @escaping @Sendable () async -> Void, task: Task<Void, any Error>, grace: Duration) async {
        let deadline = Task {
            do { try await Task.sleep(for: grace) } catch { return } // the server stopped first
            task.cancel()
        }
        await shutdown()
        _ = await task.result
        deadline.cancel()
    }

    /// Traps SIGTERM and SIGINT (installed before `start` returns, so a signal sent once the
    /// server is ready always stops it gracefully) and stops at the first.
    private func watchSignals() async {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let watch = Task { [weak self] in
            for await _ in signals {
                await self?.stop()
                return
            }
        }
        signalWatch.withLock { $0 = watch }
    }

    /// Stops accepting connections, lets the requests in flight finish for the grace period,
    /// then cancels what is still open, and returns when the server has stopped. Calling it
    /// again is harmless.
    public func stop() async {
        await Self.halt(shutdown: shutdown, task: task, grace: gracePeriod)
        signalWatch.withLock { $0?.cancel() }
    }

    /// Returns when the server stops (a signal it was started with, or `stop()` from
    /// elsewhere), or throws what stopped it.
    public func waitUntilStopped() async throws {
        try await task.value
    }
}

/// Why `BoundServer.start` returned no server.
public enum BoundServerError: Error, Sendable, CustomStringConvertible {
    /// The server's task ended without binding and without an error.
    case endedBeforeListening

    public var description: String { "the server stopped before it listened" }
}
