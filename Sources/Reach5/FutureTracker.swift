import Foundation

/// Counts the Futures one `ReachFive` started that have not yet settled (completed, and the
/// callbacks registered by then have run), so a test can wait for an example's Future chain
/// without knowing which Future it built.
final class FutureTracker: @unchecked Sendable {
    /// The tracker whose work is running: set while a tracked Future's async work runs (a task
    /// local) and while its callbacks run (a thread's own value, for they run on queues). A Future
    /// the app made itself, a `Promise`'s, that is completed from there is tracked from then on,
    /// so `settled()` also waits for the callbacks the app registered on it.
    @TaskLocal static var running: FutureTracker?
    private static let threadKey = "Reach5.FutureTracker.running"

    static var current: FutureTracker? {
        running ?? (Thread.current.threadDictionary[threadKey] as? FutureTracker)
    }

    /// Runs `body` (a callback of a Future this tracker follows) as this tracker's work.
    func runCallback(_ body: () -> Void) {
        let thread = Thread.current.threadDictionary
        let outer = thread[Self.threadKey]
        thread[Self.threadKey] = self
        defer { thread[Self.threadKey] = outer }
        body()
    }

    private let lock = NSLock()
    private var pending = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func track<T, E>(_ future: Future<T, E>) {
        lock.withLock { pending += 1 }
        future.whenSettled { self.finish() }
    }

    private func finish() {
        let ready: [CheckedContinuation<Void, Never>] = lock.withLock {
            pending -= 1
            guard pending == 0 else { return [] }
            defer { waiters = [] }
            return waiters
        }
        for waiter in ready { waiter.resume() }
    }

    func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if pending == 0 { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}

extension FutureTracker {
    /// The one way a Future form is made, for `ReachFive`, its `ReachFiveApi` and the
    /// `Reach5Future` bridge alike: `work` is the async form, and the Future is tracked until it
    /// settles (see `settled()`).
    func future<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
        // Tracked before its work starts, so the work cannot complete it untracked.
        let future = Future<T, ReachFiveError>(tracker: self) {
            try await FutureTracker.$running.withValue(self) { try await work() }
        }
        track(future)
        return future
    }
}

extension ReachFive {
    /// A Future form of `work` tracked by this instance: what every 8.2 form calls, and what the
    /// `Reach5Future` bridge's forms call (hence the SPI), so `settled()` waits for them all.
    @_spi(Reach5Future) public func future<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Future<T, ReachFiveError> {
        futures.future(work)
    }

    /// Waits until every Future this instance has started has completed and the callbacks
    /// registered on it by then have run. Latchkey's addition, for tests of Future-style code.
    public func settled() async { await futures.settled() }
}
