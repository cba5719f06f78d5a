import Foundation

/// Runs executables built by this package (or any other) and collects their output.
public enum ProcessRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// An executable product of this package, found next to the test bundle.
    public static func product(_ name: String) -> URL {
        let bundle = Bundle.main.bundleURL
        for dir in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    /// - Parameters:
    ///   - unsetting: variables of this process the child must not inherit (a test sets the
    ///     environment it depends on, whatever the caller's shell exported).
    ///   - killAfter: a child still running then is sent SIGKILL (a hang that ignores SIGTERM
    ///     ends as a failed status instead of a hung test); not a guess at its speed.
    public static func run(
        _ executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:], unsetting: [String] = [],
        killAfter: Duration? = nil
    ) async throws -> Result {
        try await OwnThread.run("test.child") {
            try collect(executable, arguments, stdin: stdin, environment: environment, unsetting: unsetting, killAfter: killAfter)
        }
    }

    /// Runs the child to its end on the calling thread; only ``run(_:_:stdin:environment:unsetting:)``
    /// calls it, from a thread of its own.
    private static func collect(
        _ executable: URL, _ arguments: [String], stdin: [UInt8], environment: [String: String], unsetting: [String],
        killAfter: Duration?
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !unsetting.contains($0.key) }
            .merging(environment) { _, new in new }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let watchdog = killAfter.map { Watchdog(killing: process.processIdentifier, after: $0) }
        defer { watchdog?.cancel() }
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        // stderr is drained on a second thread, so a child that fills one pipe while the other
        // is being read cannot deadlock with us.
        nonisolated(unsafe) var errData = Data()
        let errDone = NSCondition()
        nonisolated(unsafe) var errRead = false
        Thread.detachNewThread {
            let data = error.fileHandleForReading.readDataToEndOfFile()
            errDone.withLock {
                errData = data
                errRead = true
                errDone.signal()
            }
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        errDone.withLock { while !errRead { errDone.wait() } }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Waits, on a thread of its own, for a child a test started itself (on a pseudo-terminal,
    /// say) to end, reading its stdout pipe to the end first when there is one. A child still
    /// running at `deadline` (hung: the bound is not a guess at its speed) is sent SIGTERM, so
    /// the test fails instead of hanging.
    public static func finish(_ process: Process, stdout: Pipe? = nil, deadline: Duration = .seconds(120)) async throws -> (
        status: Int32, stdout: Data
    ) {
        let child = UncheckedChild(process: process, stdout: stdout)
        let watchdog = DispatchSource.makeTimerSource()
        watchdog.schedule(deadline: .now() + deadline.seconds)
        watchdog.setEventHandler { if child.process.isRunning { child.process.terminate() } }
        watchdog.resume()
        defer { watchdog.cancel() }
        return try await OwnThread.run("test.child") {
            let data = child.stdout?.fileHandleForReading.readDataToEndOfFile() ?? Data()
            child.process.waitUntilExit()
            return (child.process.terminationStatus, data)
        }
    }

    /// A line a child printed, with the moment the parent read it.
    public struct TimedLine: Sendable {
        public var text: String
        public var at: ContinuousClock.Instant
    }

    /// Starts `executable` and sends SIGKILL `delay` after the parent has read the
    /// `occurrence`-th line starting with `trigger` (or at once if the child exits first).
    /// The kill point is measured from the child's own progress, never from its start, so
    /// where it lands does not depend on how fast the machine starts processes.
    /// Returns every line read and whether the child was still running when killed.
    public static func runAndKill(
        _ executable: URL, _ arguments: [String], afterLine trigger: String, occurrence: Int = 1,
        delay: Duration, environment: [String: String] = [:]
    ) async throws -> (lines: [TimedLine], killed: Bool) {
        try await OwnThread.run("test.child") {
            try killAfterLine(executable, arguments, trigger: trigger, occurrence: occurrence, delay: delay, environment: environment)
        }
    }

    private static func killAfterLine(
        _ executable: URL, _ arguments: [String], trigger: String, occurrence: Int, delay: Duration, environment: [String: String]
    ) throws -> (lines: [TimedLine], killed: Bool) {
        let (process, output) = try launch(executable, arguments, environment: environment)
        let reader = LineReader(trigger: trigger, occurrence: occurrence)
        let done = DispatchSemaphore(value: 0)
        let handle = output.fileHandleForReading
        Thread.detachNewThread {
            reader.consume(handle)
            done.signal()
        }
        reader.triggered.wait()
        if delay > .zero { Thread.sleep(forTimeInterval: delay.seconds) }
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        done.wait()
        return (reader.lines, killed)
    }

    /// Starts `executable` with stdout on a pipe and stderr discarded.
    static func launch(_ executable: URL, _ arguments: [String], environment: [String: String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, output)
    }

    /// Runs `executable` to the end and returns its lines with the moments they were read:
    /// the calibration that `runAndKill(afterLine:)` callers draw their delays from.
    public static func runTimed(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) async throws -> (
        status: Int32, lines: [TimedLine]
    ) {
        try await OwnThread.run("test.child") {
            let (process, output) = try launch(executable, arguments, environment: environment)
            let reader = LineReader(trigger: nil, occurrence: 1)
            reader.consume(output.fileHandleForReading)
            process.waitUntilExit()
            return (process.terminationStatus, reader.lines)
        }
    }
}

/// A child handed to the thread that waits for it; nothing else touches it meanwhile.
private struct UncheckedChild: @unchecked Sendable {
    let process: Process
    let stdout: Pipe?
}

/// Splits a child's stdout into timed lines as they arrive, and signals once the trigger line
/// has been seen (or the stream ended, so a waiter never hangs on a child that died early).
final class LineReader: @unchecked Sendable {
    let triggered = DispatchSemaphore(value: 0)
    private let trigger: String?
    private let occurrence: Int
    private let lock = NSLock()
    private var collected: [ProcessRunner.TimedLine] = []

    init(trigger: String?, occurrence: Int) {
        self.trigger = trigger
        self.occurrence = occurrence
    }

    var lines: [ProcessRunner.TimedLine] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }

    func consume(_ handle: FileHandle) {
        var pending: [UInt8] = []
        var seen = 0
        var signalled = false
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            let now = ContinuousClock.now
            pending.append(contentsOf: chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let text = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                lock.lock()
                collected.append(.init(text: text, at: now))
                lock.unlock()
                if let trigger, !signalled, text.hasPrefix(trigger) {
                    seen += 1
                    if seen == occurrence {
                        signalled = true
                        triggered.signal()
                    }
                }
            }
        }
        if !signalled { triggered.signal() }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    public var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
