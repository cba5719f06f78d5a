import Foundation

/// The one blocking edge of the picker, and of the CLI's prompts: reading a person's keys (or a
/// line piped in) from a terminal. The read runs on a thread of its own, so a person taking
/// their time holds no thread of the Swift concurrency pool (two on a 2-core box) while
/// everything else goes on.
public enum TerminalThread {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try body() }) }
            thread.name = "latchkey.terminal"
            thread.start()
        }
    }
}
