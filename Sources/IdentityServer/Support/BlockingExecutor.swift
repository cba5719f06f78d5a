import Dispatch

/// A task executor over a dispatch queue, for work that blocks a thread: SQLite calls and
/// password hashing. Code run under `withTaskExecutorPreference` of one of these never occupies
/// the Swift concurrency pool's few threads (two on a 2-core box) or a NIO event loop, so a slow
/// hash or a waiting transaction cannot starve the handlers that only need a moment.
final class BlockingExecutor: TaskExecutor, @unchecked Sendable {
    // Immutable after init; DispatchQueue is thread-safe.
    private let queue: DispatchQueue

    /// - Parameter serial: one job at a time, in order (the store's single connection), or as
    ///   many as Dispatch allows (hashing).
    init(label: String, serial: Bool) {
        queue = DispatchQueue(label: label, attributes: serial ? [] : .concurrent)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// Runs `body` on this executor's queue and resumes the caller with its result.
    func run<R, Failure: Error>(_ body: () throws(Failure) -> R) async throws(Failure) -> R {
        try await withTaskExecutorPreference(self) { () throws(Failure) -> R in try body() }
    }
}
