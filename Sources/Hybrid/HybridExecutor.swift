import Dispatch

/// Where a hybrid session's tasks run: Dispatch's threads, not the Swift concurrency pool. The
/// laptop's session is started from a thread that blocks until it ends (the picker is
/// synchronous), and a host process may hold the pool's few threads (two on a 2-core box) the
/// same way; the session must not wait behind them. (The identity server runs its own tasks on
/// an executor of the same kind, for the same reason.)
final class HybridExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = HybridExecutor()
    private let queue = DispatchQueue(label: "latchkey.hybrid", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
