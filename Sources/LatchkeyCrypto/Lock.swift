import Foundation

/// A small mutex for the few places that hold mutable state behind a class.
final class Lock: Sendable {
    private let lock = NSLock()
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
