import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The bench's child processes (`latchkey serve`, valgrind): started with their exit status as an
/// event, waited for with a deadline after which they are killed, their start-up lines read.
enum ChildProcess {
    /// Starts `process`; the stream yields its exit status once, from its termination handler.
    static func launch(_ process: Process) throws -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { ended in
            continuation.yield(ended.terminationStatus)
            continuation.finish()
        }
        try process.run()
        return stream
    }

    /// The exit status `exit` yields, or nil when `deadline` passes first (then `process` is
    /// killed, so nothing outlives the bench).
    static func status(of exit: AsyncStream<Int32>, within deadline: Duration, killing process: Process) async -> Int32? {
        let status = await withTaskGroup(of: Int32?.self) { group in
            group.addTask {
                for await status in exit { return status }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: deadline) // cancelled: the process ended first, the deadline no longer matters
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if status == nil { kill(process.processIdentifier, SIGKILL) }
        return status
    }

    /// Reads the server's start-up lines until `ready`, and returns the port of its `base-url`.
    static func readPort(_ handle: FileHandle) throws -> Int {
        var text = ""
        while !text.contains("\nready") {
            let chunk = handle.availableData
            guard !chunk.isEmpty else { throw InstructionBench.Unavailable(description: "the server exited before it was ready") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("base-url ") }),
            let port = URL(string: String(line.dropFirst("base-url ".count)))?.port
        else { throw InstructionBench.Unavailable(description: "the server printed no base-url") }
        return port
    }
}
