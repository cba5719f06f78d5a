import Foundation

/// Where a callback runs: BrightFutures' `ExecutionContext` (a function that runs a task).
public typealias ExecutionContext = @Sendable (@escaping @Sendable () -> Void) -> Void

/// Runs the task at once, on the thread that completes the Future.
public let immediateExecutionContext: ExecutionContext = { task in task() }

/// BrightFutures' default threading model names the main queue on the main thread; a headless
/// process has no main run loop to drain it, so here it is Reach5's own callback queue (never
/// Dispatch's global queues, which share their threads with the Swift concurrency pool). A
/// callback given no context at all runs on the Future's own serial queue, in registration order.
public func defaultContext() -> ExecutionContext { callbackQueue.context }

/// Where `defaultContext()` runs callbacks: concurrent, as BrightFutures' global queue was.
let callbackQueue = DispatchQueue(label: "Reach5.callbacks", attributes: .concurrent)

extension DispatchQueue {
    /// This queue as an `ExecutionContext` (`DispatchQueue.main.context`).
    public var context: ExecutionContext { { task in self.async(execute: task) } }
}

/// Holds a value that crosses queues inside the Future's lock discipline.
struct Unchecked<T>: @unchecked Sendable { let value: T }

/// A result that arrives later, with BrightFutures' API as the ReachFive SDK 8.2 and its Sandbox
/// use it: callbacks (`onComplete`, `onSuccess`, `onFailure`, `andThen`), combinators (`map`,
/// `flatMap`, `recover`, `recoverWith`, `mapError`, `zip`, `asVoid`; Future+Combinators.swift), and
/// `Promise` to complete one by hand. Callbacks given no context run on the Future's own serial
/// queue in the order they were registered (a headless process has no main run loop).
public final class Future<T, E: Error>: @unchecked Sendable {
    public typealias CompletionCallback = (_ result: Result<T, E>) -> Void
    public typealias SuccessCallback = (T) -> Void
    public typealias FailureCallback = (E) -> Void

    private let lock = NSLock()
    private var _result: Result<T, E>?
    private var callbacks: [Unchecked<(Result<T, E>) -> Void>] = []
    private var settleHooks: [@Sendable () -> Void] = []
    let queue = DispatchQueue(label: "Reach5.Future")
    /// Callbacks scheduled but not yet finished (for `whenSettled`).
    private let inFlight = DispatchGroup()
    /// The tracker of the `ReachFive` that made this Future (or the Future it derives from), so a
    /// test's `settled()` also waits for chained Futures.
    var tracker: FutureTracker? {
        get { lock.withLock { _tracker } }
        set { lock.withLock { _tracker = newValue } }
    }
    private var _tracker: FutureTracker?

    /// A Future not yet completed (complete it through a `Promise`).
    public init() {}

    public init(result: Result<T, E>) { _result = result }

    public convenience init(value: T) { self.init(result: .success(value)) }

    public convenience init(error: E) { self.init(result: .failure(error)) }

    public convenience init(value: T, delay: DispatchTimeInterval) { self.init(result: .success(value), delay: delay) }

    public convenience init(error: E, delay: DispatchTimeInterval) { self.init(result: .failure(error), delay: delay) }

    public init(result: Result<T, E>, delay: DispatchTimeInterval) {
        let box = Unchecked(value: result)
        queue.asyncAfter(deadline: .now() + delay) { self.tryComplete(box.value) }
    }

    /// Completes when `other` does, with its result.
    public convenience init(other: Future<T, E>) {
        self.init()
        completeWith(other)
    }

    /// Hands `resolver` the function that completes this Future.
    public convenience init(resolver: (_ result: @escaping (Result<T, E>) -> Void) -> Void) {
        self.init()
        resolver { self.tryComplete($0) }
    }

    /// Starts `work` at once. A failure that is not a `ReachFiveError` arrives as a
    /// `TechnicalError` (the SDK never lets another error type reach a Future's callbacks).
    public convenience init(_ work: @escaping @Sendable () async throws -> T) where E == ReachFiveError {
        self.init(tracker: nil, work)
    }

    /// As `init(_:)`, tracked by `tracker` before the work starts.
    convenience init(tracker: FutureTracker?, _ work: @escaping @Sendable () async throws -> T) where E == ReachFiveError {
        self.init()
        _tracker = tracker
        Task {
            do { self.tryComplete(.success(try await work())) } catch let e as ReachFiveError { self.tryComplete(.failure(e)) } catch {
                self.tryComplete(.failure(.TechnicalError(reason: "\(error)")))
            }
        }
    }

    /// The outcome, or nil while pending.
    public var result: Result<T, E>? { lock.withLock { _result } }
    public var isCompleted: Bool { result != nil }
    public var isSuccess: Bool { if case .success = result { true } else { false } }
    public var isFailure: Bool { if case .failure = result { true } else { false } }
    public var value: T? { if case .success(let v) = result { v } else { nil } }
    public var error: E? { if case .failure(let e) = result { e } else { nil } }

    /// Completes the Future unless it already is; true if this call completed it.
    @discardableResult
    func tryComplete(_ r: Result<T, E>) -> Bool {
        // Completed from a tracked Future's work or callback (an app's Promise, say): tracked
        // from now on, while the tracker still waits for the work that completed it. Its
        // callbacks are scheduled first, so the tracker waits for them too.
        var adopted: FutureTracker?
        let taken: (callbacks: [Unchecked<(Result<T, E>) -> Void>], hooks: [@Sendable () -> Void])? = lock.withLock {
            guard _result == nil else { return nil }
            _result = r
            if _tracker == nil, let running = FutureTracker.current {
                _tracker = running
                adopted = running
            }
            defer {
                callbacks = []
                settleHooks = []
            }
            return (callbacks, settleHooks)
        }
        guard let taken else { return false }
        for callback in taken.callbacks { callback.value(r) }
        adopted?.track(self)
        for hook in taken.hooks { inFlight.notify(queue: queue, execute: hook) }
        return true
    }

    func completeWith(_ other: Future<T, E>) {
        // A Future (an app's own Promise's) completed by a tracked one is tracked with it, so
        // `settled()` also waits for the callbacks the app registers on it.
        if tracker == nil, let inherited = other.tracker {
            tracker = inherited
            inherited.track(self)
        }
        other.onComplete(immediateExecutionContext) { self.tryComplete($0) }
    }

    @discardableResult
    public func onComplete(_ context: ExecutionContext? = nil, callback: @escaping (Result<T, E>) -> Void) -> Future {
        let box = Unchecked(value: callback)
        let schedule: (Result<T, E>) -> Void = { [inFlight, queue, weak self] r in
            let result = Unchecked(value: r)
            let tracker = self?.tracker
            inFlight.enter()
            let run: @Sendable () -> Void = {
                if let tracker { tracker.runCallback { box.value(result.value) } } else { box.value(result.value) }
                inFlight.leave()
            }
            if let context { context(run) } else { queue.async(execute: run) }
        }
        let ready: Result<T, E>? = lock.withLock {
            if _result == nil { callbacks.append(Unchecked(value: schedule)) }
            return _result
        }
        if let ready { schedule(ready) }
        return self
    }

    @discardableResult
    public func onSuccess(_ context: ExecutionContext? = nil, callback: @escaping (T) -> Void) -> Future {
        onComplete(context) { if case .success(let v) = $0 { callback(v) } }
    }

    @discardableResult
    public func onFailure(_ context: ExecutionContext? = nil, callback: @escaping (E) -> Void) -> Future {
        onComplete(context) { if case .failure(let e) = $0 { callback(e) } }
    }

    /// Runs `done` once the Future has completed and every callback registered by then has run.
    func whenSettled(_ done: @escaping @Sendable () -> Void) {
        let completed: Bool = lock.withLock {
            if _result == nil { settleHooks.append(done) }
            return _result != nil
        }
        if completed { inFlight.notify(queue: queue, execute: done) }
    }

    /// The outcome, awaited.
    public func value() async throws(E) -> T {
        let r: Unchecked<Result<T, E>> = await withCheckedContinuation { continuation in
            onComplete(immediateExecutionContext) { continuation.resume(returning: Unchecked(value: $0)) }
        }
        return try r.value.get()
    }

    /// Blocks the calling thread until the Future completes (never call it from a callback queue
    /// this Future needs). BrightFutures' one blocking call, kept for the app code that asks for
    /// it; nothing in Reach5 calls it, and async code awaits `value()` instead.
    @available(*, noasync, message: "await value() instead")
    public func forced() -> Result<T, E> {
        waitForResult(until: nil)!
    }

    /// As `forced()`, but gives up at `timeout` (nil then).
    @available(*, noasync, message: "await value() instead")
    public func forced(_ timeout: DispatchTime) -> Result<T, E>? {
        guard timeout != .distantFuture else { return waitForResult(until: nil) }
        let (deadline, now) = (timeout.uptimeNanoseconds, DispatchTime.now().uptimeNanoseconds)
        return waitForResult(until: Date(timeIntervalSinceNow: deadline > now ? Double(deadline - now) / 1e9 : 0))
    }

    /// The wait behind `forced`: on a condition its completion signals; no deadline waits for
    /// good (Foundation's `wait(until: .distantFuture)` traps on Linux).
    private func waitForResult(until deadline: Date?) -> Result<T, E>? {
        let completed = NSCondition()
        onComplete(immediateExecutionContext) { _ in completed.withLock { completed.broadcast() } }
        return completed.withLock {
            while result == nil {
                if let deadline {
                    guard completed.wait(until: deadline) else { break }
                } else {
                    completed.wait()
                }
            }
            return result
        }
    }
}

extension Future: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String { "Future<\(T.self), \(E.self)>(\(result.map { "\($0)" } ?? "pending"))" }
    public var debugDescription: String { description }
}
