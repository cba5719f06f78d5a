import Foundation

/// BrightFutures' `Promise`: the writing side of a `Future`. The first completion wins; the
/// non-`try` forms ignore a second one (BrightFutures asserts, which a headless test would see as
/// a crash).
public final class Promise<T, E: Error>: @unchecked Sendable {
    public let future: Future<T, E>

    public init() { future = Future() }

    /// Completes with `other`'s result when it completes.
    public func completeWith(_ other: Future<T, E>) { future.completeWith(other) }

    public func success(_ value: T) { future.tryComplete(.success(value)) }

    @discardableResult
    public func trySuccess(_ value: T) -> Bool { future.tryComplete(.success(value)) }

    public func failure(_ error: E) { future.tryComplete(.failure(error)) }

    @discardableResult
    public func tryFailure(_ error: E) -> Bool { future.tryComplete(.failure(error)) }

    public func complete(_ result: Result<T, E>) { future.tryComplete(result) }

    @discardableResult
    public func tryComplete(_ result: Result<T, E>) -> Bool { future.tryComplete(result) }
}

/// BrightFutures' errors (`filter`'s `noSuchElement`, a wrapped error as `external`).
public enum BrightFuturesError<E: Error>: Error {
    case noSuchElement
    case invalidationTokenInvalidated
    case illegalState
    case external(E)

    public init(external: E) { self = .external(external) }
}

extension BrightFuturesError: Equatable where E: Equatable {}
