import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

// Argument parser errors would exit 64 (EX_USAGE); the documented contract says 2.
do {
    var command = try Latchkey.parseAsRoot()
    try command.run()
    exit(ExitStatus.ok.rawValue)
} catch let failure as CommandFailure {
    if !failure.message.isEmpty { Console.error("latchkey: \(failure.message)") }
    exit(failure.status.rawValue)
} catch {
    let code = Latchkey.exitCode(for: error)
    if code == .success {
        Console.out(Latchkey.fullMessage(for: error))
        exit(ExitStatus.ok.rawValue)
    }
    Console.error(Latchkey.fullMessage(for: error))
    exit(code == .validationFailure || error is ValidationError ? ExitStatus.usage.rawValue : ExitStatus.failed.rawValue)
}
