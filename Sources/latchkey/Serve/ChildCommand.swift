import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs another program as `latchkey exec`'s command: found on PATH, with latchkey's standard
/// input, output and error and its environment plus `environment`, and the signal state a shell
/// gives a command (every signal unblocked; SIGINT, SIGTERM and SIGPIPE at their defaults, whatever
/// latchkey's own are: a process started from a thread that blocks signals, as a test runner's,
/// would otherwise pass the block on). SIGINT and SIGTERM sent to latchkey meanwhile are passed
/// on to it. Returns its exit status, or 128 + N when signal N ended it (as a shell reports it).
enum ChildCommand {
    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        var description: String {
            switch self {
            case .spawn(let code): String(cString: strerror(code))
            }
        }
    }

    static func run(_ arguments: [String], environment: [String: String]) async throws -> Int32 {
        let pid = try spawn(arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        // Passed on, not acted on: the command decides how to end, and its status is latchkey's.
        let forwarding = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { kill(pid, number) }
            source.resume()
            return source
        }
        defer { for source in forwarding { source.cancel() } }
        // waitpid blocks: on a thread of its own, never on the Swift concurrency pool.
        return await withCheckedContinuation { (done: CheckedContinuation<Int32, Never>) in
            let waiter = Thread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                let signalled = status & 0x7F
                done.resume(returning: signalled == 0 ? (status >> 8) & 0xFF : 128 + signalled)
            }
            waiter.name = "latchkey.exec.wait"
            waiter.start()
        }
    }

    private static func spawn(_ arguments: [String], environment: [String: String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for string in argv + envp { free(string) } }
        var pid = pid_t()
        let code = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, envp)
        guard code == 0 else { throw Failure.spawn(code) }
        return pid
    }
}
