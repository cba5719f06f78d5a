import Foundation

// BrightFutures' combinators on `Future`, with its names, labels and defaults. Each returns a new
// Future; one derived from a Future a `ReachFive` made is tracked like it (see `settled()`).

extension Future {
    /// A pending Future that inherits this one's tracker.
    func derived<U, E1>() -> Future<U, E1> {
        let next = Future<U, E1>()
        next.tracker = tracker
        tracker?.track(next)
        return next
    }

    public func map<U>(_ f: @escaping (T) -> U) -> Future<U, E> { map(nil, f) }

    public func map<U>(_ context: @escaping ExecutionContext, f: @escaping (T) -> U) -> Future<U, E> { map(context, f) }

    public func map<U>(_ keyPath: KeyPath<T, U>) -> Future<U, E> {
        let path = Unchecked(value: keyPath)
        return map(nil) { $0[keyPath: path.value] }
    }

    public func map<U>(_ context: @escaping ExecutionContext, keyPath: KeyPath<T, U>) -> Future<U, E> {
        let path = Unchecked(value: keyPath)
        return map(context) { $0[keyPath: path.value] }
    }

    private func map<U>(_ context: ExecutionContext?, _ f: @escaping (T) -> U) -> Future<U, E> {
        let next: Future<U, E> = derived()
        onComplete(context) { next.tryComplete($0.map(f)) }
        return next
    }

    public func flatMap<U>(_ f: @escaping (T) -> Future<U, E>) -> Future<U, E> { flatMap(nil, f) }

    public func flatMap<U>(_ context: @escaping ExecutionContext, f: @escaping (T) -> Future<U, E>) -> Future<U, E> { flatMap(context, f) }

    public func flatMap<U>(_ f: @escaping (T) -> Result<U, E>) -> Future<U, E> { flatMap(nil) { Future<U, E>(result: f($0)) } }

    public func flatMap<U>(_ context: @escaping ExecutionContext, f: @escaping (T) -> Result<U, E>) -> Future<U, E> {
        flatMap(context) { Future<U, E>(result: f($0)) }
    }

    private func flatMap<U>(_ context: ExecutionContext?, _ f: @escaping (T) -> Future<U, E>) -> Future<U, E> {
        let next: Future<U, E> = derived()
        onComplete(context) { r in
            switch r {
            case .success(let v): next.completeWith(f(v))
            case .failure(let e): next.tryComplete(.failure(e))
            }
        }
        return next
    }

    /// Runs `callback` with the result, then completes the returned Future with the same result
    /// (so callbacks chained after `andThen` run after it).
    public func andThen(context c: ExecutionContext? = nil, callback: @escaping (Result<T, E>) -> Void) -> Future<T, E> {
        let next: Future<T, E> = derived()
        onComplete(c) { r in
            callback(r)
            next.tryComplete(r)
        }
        return next
    }

    /// A Future that cannot fail: a failure becomes `task`'s value.
    public func recover(context c: ExecutionContext? = nil, task: @escaping (E) -> T) -> Future<T, Never> {
        let next: Future<T, Never> = derived()
        onComplete(c) { r in
            switch r {
            case .success(let v): next.tryComplete(.success(v))
            case .failure(let e): next.tryComplete(.success(task(e)))
            }
        }
        return next
    }

    /// A failure continues with the Future `task` returns (which may fail with another type).
    public func recoverWith<E1>(context c: ExecutionContext? = nil, task: @escaping (E) -> Future<T, E1>) -> Future<T, E1> {
        let next: Future<T, E1> = derived()
        onComplete(c) { r in
            switch r {
            case .success(let v): next.tryComplete(.success(v))
            case .failure(let e): next.completeWith(task(e))
            }
        }
        return next
    }

    public func mapError<E1>(_ f: @escaping (E) -> E1) -> Future<T, E1> { mapError(nil, f) }

    public func mapError<E1>(_ context: @escaping ExecutionContext, f: @escaping (E) -> E1) -> Future<T, E1> { mapError(context, f) }

    private func mapError<E1>(_ context: ExecutionContext?, _ f: @escaping (E) -> E1) -> Future<T, E1> {
        let next: Future<T, E1> = derived()
        onComplete(context) { next.tryComplete($0.mapError(f)) }
        return next
    }

    /// Both values, once both succeed; the first failure (this one's first) otherwise.
    public func zip<U>(_ that: Future<U, E>) -> Future<(T, U), E> {
        flatMap { mine in that.map { (mine, $0) } }
    }

    /// Fails with `noSuchElement` when the value does not pass `p`.
    public func filter(_ p: @escaping (T) -> Bool) -> Future<T, BrightFuturesError<E>> {
        mapError { BrightFuturesError(external: $0) }.flatMap { v in p(v) ? .success(v) : .failure(.noSuchElement) }
    }

    public func asVoid() -> Future<Void, E> { map { _ in () } }

    /// The inner Future's outcome, for a Future of a Future.
    public func flatten<U>() -> Future<U, E> where T == Future<U, E> { flatMap { $0 } }
}

extension Future where E == Never {
    /// The same Future, typed as one that may fail with `E1`.
    public func promoteError<E1>() -> Future<T, E1> {
        let next: Future<T, E1> = derived()
        onComplete(immediateExecutionContext) { r in
            switch r {
            case .success(let v): next.tryComplete(.success(v))
            }
        }
        return next
    }
}

extension Sequence {
    /// A Future of every value, in order; the first failure in the sequence's order otherwise.
    public func sequence<T, E>() -> Future<[T], E> where Element == Future<T, E> {
        reduce(Future<[T], E>(value: [])) { all, next in all.flatMap { values in next.map { values + [$0] } } }
    }

    /// `f` for each element, then `sequence()`.
    public func traverse<U, E>(_ f: (Element) -> Future<U, E>) -> Future<[U], E> { map(f).sequence() }
}
