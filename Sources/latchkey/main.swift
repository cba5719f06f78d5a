import ArgumentParser
import Foundation
import IdentityServer
import Logging
import SQLite

#if canImport(Glibc)
    import Glibc
#endif

/// Commands that wait on the network or a service are async (`AsyncParsableCommand`); their
/// errors come back here like the synchronous ones', so every exit code is decided below. (A
/// function of its own: in top-level code the call would pick the synchronous `run()`.)
func run(_ command: inout any ParsableCommand) async throws {
    if var asynchronous = command as? AsyncParsableCommand {
        try await asynchronous.run()
    } else {
        try command.run()
    }
}

/// Parses and runs one command, and exits with its status: every path ends in `exit`.
@MainActor
func runLatchkey() async -> Never {
    // Argument parser errors would exit 64 (EX_USAGE); the documented contract says 2.
    var parsed: ParsableCommand?
    do {
        var command = try Latchkey.parseAsRoot()
        parsed = command
        try await run(&command)
        exit(ExitStatus.ok.rawValue)
    } catch let passed as PassedStatus {
        exit(passed.code)
    } catch let failure as CommandFailure {
        if !failure.message.isEmpty { Console.error("latchkey: \(failure.message)") }
        // A usage error raised while running a subcommand shows that subcommand's usage too, as
        // the parser does for the errors it finds itself.
        if failure.status == .usage, let parsed { Console.error(UsageText.of(type(of: parsed))) }
        exit(failure.status.rawValue)
    } catch {
        let code = Latchkey.exitCode(for: error)
        if code == .success {
            Console.out(Latchkey.fullMessage(for: error))
            exit(ExitStatus.ok.rawValue)
        }
        if let parsed, error is ValidationError {
            Console.error("Error: \(Latchkey.message(for: error))")
            Console.error(UsageText.of(type(of: parsed)))
        } else {
            Console.error(Latchkey.fullMessage(for: error))
        }
        exit(code == .validationFailure || error is ValidationError ? ExitStatus.usage.rawValue : ExitStatus.failed.rawValue)
    }
}

// The main thread serves the main queue through its run loop rather than `dispatch_main()`,
// which Swift's async entry point calls: `dispatch_main()` ends the main thread with
// `pthread_exit`, and valgrind (3.19, Debian 12's) then crashes when the next thread starts,
// so `bench --instructions` could not count a server's instructions under callgrind. The run
// loop drains the same queue; `runLatchkey` ends the process.
// Before any other thread: SQLite's process-wide settings are only safe to change now.
Database.disableMemoryStatisticsAtStartup()
// Lines as swift-log's own handler writes them, with no work for a line never written.
LoggingSystem.bootstrap { label in LogLineHandler(label: label, write: Console.log) }
Task { @MainActor in await runLatchkey() }
RunLoop.main.run()
// Not reached: the main queue keeps the run loop running until `runLatchkey` exits. Were it to
// end first, the command's status would be lost: fail rather than exit 0.
Console.error("latchkey: the main run loop ended before the command did")
exit(ExitStatus.failed.rawValue)
