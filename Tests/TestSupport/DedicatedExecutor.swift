import Dispatch

/// A task executor on Dispatch's threads, for a test whose client must not wait on the Swift
/// concurrency pool: under `swift test`'s parallel run, other suites' blocking calls can hold
/// both of a 2-core box's pool threads for a long time.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    // Immutable after init; DispatchQueue is thread-safe.
    private let queue: DispatchQueue

    public init(label: String) { queue = DispatchQueue(label: label, attributes: .concurrent) }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    public static let shared = DedicatedExecutor(label: "latchkey.tests.dedicated")
}
