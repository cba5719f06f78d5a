import Dispatch
import Foundation
import Synchronization

/// A task executor over dispatch queues, for work that holds a thread: SQLite calls (whose busy
/// handler sleeps while another connection or process holds the lock) and password hashing.
/// Code run under `withTaskExecutorPreference` of one of these never occupies the Swift
/// concurrency pool's few threads (two on a 2-core box) or a NIO event loop, so a slow hash or a
/// waiting transaction cannot starve the work that only needs a moment. The identity server's
/// handlers, the picker's calls and the headless browser's cookie jar run their SQLite work on
/// one.
public final class BlockingExecutor: TaskExecutor, @unchecked Sendable { // immutable: dispatch queues and an atomic
    /// How many jobs may run at once.
    public enum Width: Sendable {
        /// One at a time, in order (the store's single connection, snapshot files).
        case serial
        /// All but one core (at least one): CPU-bound work such as scrypt, which would otherwise
        /// hold every thread of Dispatch's pool while requests that need a moment wait behind it.
        case allButOneCore
        /// As many as Dispatch runs (the server's own tasks, which mostly wait).
        case unbounded
    }

    // Immutable after init; DispatchQueue is thread-safe.
    private let lanes: [DispatchQueue]
    private let next = Atomic<Int>(0)

    public init(label: String, width: Width) {
        switch width {
        case .serial:
            lanes = [DispatchQueue(label: label)]
        case .allButOneCore:
            let count = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
            lanes = (0..<count).map { DispatchQueue(label: "\(label).\($0)") }
        case .unbounded:
            lanes = [DispatchQueue(label: label, attributes: .concurrent)]
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let lane = lanes.count == 1 ? lanes[0] : lanes[next.add(1, ordering: .relaxed).oldValue % lanes.count]
        lane.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Whether the running task prefers this executor, so its nonisolated code runs on this
    /// executor's threads.
    public var isCurrentPreference: Bool {
        withUnsafeCurrentTask { $0?.unownedTaskExecutor == asUnownedTaskExecutor() }
    }

    /// Runs `body` on this executor's queues and resumes the caller with its result.
    public func run<R, Failure: Error>(_ body: () throws(Failure) -> R) async throws(Failure) -> R {
        try await withTaskExecutorPreference(self) { () throws(Failure) -> R in try body() }
    }
}
