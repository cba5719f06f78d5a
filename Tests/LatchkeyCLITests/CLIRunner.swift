import Foundation
import TestSupport

/// Runs the built `latchkey` binary as a user would.
enum CLIRunner {
    typealias Result = ProcessRunner.Result

    static var binary: URL { ProcessRunner.product("latchkey") }

    static func run(_ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:], unsetting: [String] = []) async throws
        -> Result
    {
        try await ProcessRunner.run(binary, arguments, stdin: stdin, environment: environment, unsetting: unsetting)
    }

    static func run(executable: URL, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String] = [:]) async throws -> Result
    {
        try await ProcessRunner.run(executable, arguments, stdin: stdin, environment: environment)
    }

    static func temporaryDirectory() throws -> URL {
        try ScratchDirectory.make("cli")
    }
}
