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

    public static func run(_ executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errData = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Starts `executable`, sends SIGKILL after `delay`, and returns what it printed until then.
    public static func runAndKill(_ executable: URL, _ arguments: [String], after delay: TimeInterval,
                                  environment: [String: String] = [:]) throws -> (output: String, killed: Bool) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        nonisolated(unsafe) var data = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { data = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        Thread.sleep(forTimeInterval: delay)
        let killed = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        group.wait()
        return (String(decoding: data, as: UTF8.self), killed)
    }
}
