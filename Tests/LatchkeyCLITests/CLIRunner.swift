import Foundation
import TestSupport

/// Runs the built `latchkey` binary as a user would.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // swift test builds the executable next to the test bundle.
        let bundle = Bundle.main.bundleURL
        for dir in [bundle, bundle.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("latchkey")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/latchkey")
    }

    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> Result {
        try run(executable: binary, arguments, stdin: stdin, environment: environment)
    }

    static func run(executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) throws -> Result {
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
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
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

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
