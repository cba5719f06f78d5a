import Foundation

/// Runs `body` in a loop on `count` threads of their own (not the Swift concurrency pool, which
/// the server's handlers share), each with its own state, until `seconds` have passed; returns
/// every call's latency in seconds (per thread) and the elapsed time.
enum ConcurrentClients {
    static func run<State>(
        count: Int, seconds: Double, setUp: @escaping @Sendable (Int) throws -> State,
        _ body: @escaping @Sendable (inout State) throws -> Void
    ) async throws -> (latencies: [[Double]], elapsed: Double) {
        let clock = ContinuousClock()
        let start = clock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        let results = WorkerResults(count: count)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let group = DispatchGroup()
            for i in 0..<count {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    do {
                        var state = try setUp(i)
                        var mine: [Double] = []
                        while clock.now < deadline {
                            let began = clock.now
                            try body(&state)
                            mine.append((clock.now - began).seconds)
                        }
                        results.set(i, .success(mine))
                    } catch {
                        results.set(i, .failure(error))
                    }
                }
            }
            group.notify(queue: .global()) { done.resume() }
        }
        return (try results.all(), (clock.now - start).seconds)
    }

    /// `body` on a thread of its own, awaited without holding a thread of the concurrency pool
    /// (blocking I/O there could starve the in-process server's handlers).
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<T, any Error>) in
            Thread.detachNewThread { done.resume(with: Result { try body() }) }
        }
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

/// Each worker thread's latencies, or the error that stopped it.
final class WorkerResults: @unchecked Sendable { // results only under lock
    private let lock = NSLock()
    private var results: [Result<[Double], any Error>?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ r: Result<[Double], any Error>) { lock.withLock { results[i] = r } }
    func all() throws -> [[Double]] { try lock.withLock { try results.map { try ($0 ?? .success([])).get() } } }
}
