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
    public static func start(_ arguments: [String], command: [String] = ["serve"], urlKey: String = "base-url") async throws
        -> ServeProcess
    {
        try await OwnThread.run("test.serve") { try launch(arguments, command: command, urlKey: urlKey) }
    }

    private static func launch(_ arguments: [String], command: [String], urlKey: String) throws -> ServeProcess {
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
        return ServeProcess(process: process, baseURL: url, lines: lines)
    }

    private let lines: ReadyLines

    private init(process: Process, baseURL: String, lines: ReadyLines) {
        self.process = process
        self.baseURL = baseURL
        self.lines = lines
    }

    /// The value of a start-up line (`ca /path/ca.pem` → `/path/ca.pem`), nil when none was printed.
    public func line(_ key: String) -> String? { lines.value(key) }

    public func kill9() async {
        _ = try? await OwnThread.run("test.serve") {
            kill(self.process.processIdentifier, SIGKILL)
            self.process.waitUntilExit()
        }
    }

    /// SIGTERM without waiting, for a `defer`: the server ends on its own, and nothing that
    /// follows depends on it being gone (every test server has a port of its own).
    public func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
    }

    /// SIGTERM and wait; the exit status. A server still running `killAfter` later (one that
    /// ignores SIGTERM: a hang, not a slow machine) is sent SIGKILL, and the status says so.
    public func terminate(killAfter: Duration = .seconds(120)) async -> Int32 {
        let pid = process.processIdentifier
        let watchdog = Watchdog(killing: pid, after: killAfter)
        defer { watchdog.cancel() }
        return
            (try? await OwnThread.run("test.serve") {
                kill(pid, SIGTERM)
                self.process.waitUntilExit()
                return self.process.terminationStatus
            }) ?? -1
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
