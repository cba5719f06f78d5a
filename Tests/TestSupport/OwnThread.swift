import Foundation

/// Runs a blocking wait (a child process, its pipes) on a thread of its own.
///
/// Swift Testing runs test bodies on the Swift concurrency pool, which has one thread per core
/// (two on a CI box). A test that blocked a pool thread while a child process ran would starve
/// every async test beside it: their servers, tunnels and deadlines would wait behind it. Every
/// wait on a child goes through here, so no test holds a pool thread while it waits.
public enum OwnThread {
    public static func run<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = name
            thread.start()
        }
    }
}
