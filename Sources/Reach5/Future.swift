import Foundation

/// A result that arrives later, with the callbacks the ReachFive SDK's examples chain
/// (`.onSuccess`, `.onFailure`, `.onComplete`). Every `ReachFive` method that is `async throws`
/// also has this form, so code written for the SDK's Future-based pages compiles as written.
/// Callbacks run on a background queue (there is no main run loop in a headless process);
/// `value()` awaits the result instead.
public final class Future<Value: Sendable, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, Failure>?
    private var callbacks: [@Sendable (Result<Value, Failure>) -> Void] = []
    private let queue = DispatchQueue(label: "Reach5.Future")

    /// Starts `work` at once. A failure that is not a `ReachFiveError` arrives as a
    /// `TechnicalError` (the SDK never lets another error type reach a Future's callbacks).
    public init(_ work: @escaping @Sendable () async throws -> Value) where Failure == ReachFiveError {
        Task {
            do { self.complete(.success(try await work())) } catch let e as ReachFiveError { self.complete(.failure(e)) } catch {
                self.complete(.failure(.TechnicalError(reason: "\(error)")))
            }
        }
    }

    private func complete(_ r: Result<Value, Failure>) {
        let pending: [@Sendable (Result<Value, Failure>) -> Void] = lock.withLock {
            result = r
            defer { callbacks = [] }
            return callbacks
        }
        for callback in pending { queue.async { callback(r) } }
    }

    @discardableResult
    public func onComplete(_ callback: @escaping @Sendable (Result<Value, Failure>) -> Void) -> Future {
        let ready: Result<Value, Failure>? = lock.withLock {
            if result == nil { callbacks.append(callback) }
            return result
        }
        if let ready { queue.async { callback(ready) } }
        return self
    }

    @discardableResult
    public func onSuccess(_ callback: @escaping @Sendable (Value) -> Void) -> Future {
        onComplete { if case .success(let v) = $0 { callback(v) } }
    }

    @discardableResult
    public func onFailure(_ callback: @escaping @Sendable (Failure) -> Void) -> Future {
        onComplete { if case .failure(let e) = $0 { callback(e) } }
    }

    /// Runs `done` after the callbacks registered before completion (same serial queue).
    func whenSettled(_ done: @escaping @Sendable () -> Void) {
        onComplete { _ in self.queue.async(execute: done) }
    }

    /// The outcome, awaited.
    public func value() async throws(Failure) -> Value {
        let r: Result<Value, Failure> = await withCheckedContinuation { continuation in
            onComplete { continuation.resume(returning: $0) }
        }
        return try r.get()
    }
}
