import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

// Argument parser errors would exit 64 (EX_USAGE); the documented contract says 2.
var parsed: ParsableCommand?
do {
    var command = try Latchkey.parseAsRoot()
    parsed = command
    try command.run()
    exit(ExitStatus.ok.rawValue)
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
