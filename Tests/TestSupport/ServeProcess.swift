import Foundation

/// `latchkey serve` as a child process, for what only a real process shows: restarts,
/// SIGKILL, SIGTERM, and the interop tools that talk to it.
public final class ServeProcess: @unchecked Sendable {
    public let process: Process
    public let baseURL: String

    /// Starts the server and waits for its `ready` line (a 120 s bound, for a hung child only).
    /// - Parameters:
    ///   - command: the subcommand that serves (`latchkey hybrid tunnel` prints `tunnel-url`).
    ///   - urlKey: the line that names its URL.
    public static func start(_ arguments: [String], command: [String] = ["serve"], urlKey: String = "base-url") throws -> ServeProcess {
        let process = Process()
        process.executableURL = ProcessRunner.product("latchkey")
        process.arguments = command + ["--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let lines = ReadyLines()
        let handle = output.fileHandleForReading
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer = Data(buffer[(newline + 1)...])
                    lines.append(line)
                    if line == "ready" { done.signal() }
                }
            }
            done.signal()
        }
        guard done.wait(timeout: .now() + 120) == .success, let url = lines.value(urlKey) else {
            process.terminate()
            throw URLError(.cannotConnectToHost, userInfo: ["lines": lines.all])
        }
        return ServeProcess(process: process, baseURL: url)
    }

    private init(process: Process, baseURL: String) {
        self.process = process
        self.baseURL = baseURL
    }

    public func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGTERM and wait; the exit status.
    public func terminate() -> Int32 {
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

private final class ReadyLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
    func value(_ key: String) -> String? {
        all.first { $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count + 1)) }
    }
}
