import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads secrets for the CLI, in this order: the file option when given (its first line; `-`
/// and FIFOs work), else the environment variable, else the terminal with echo off; with none
/// of them, a usage error (exit 2). Secrets are returned as bytes and never printed.
enum SecretInput {
    static func read(environment name: String, file: String?, fileOption: String, prompt: String, confirm: Bool = false) throws -> [UInt8] {
        if let file {
            var bytes = try InputFile.read(file, limit: 64 * 1024)
            if let newline = bytes.firstIndex(of: 0x0A) { bytes = Array(bytes[..<newline]) }
            if bytes.last == 0x0D { bytes.removeLast() }
            return bytes
        }
        if let value = ProcessInfo.processInfo.environment[name] { return Array(value.utf8) }
        // No source at all is a usage error (2), not a locked vault (4): nothing was tried.
        guard isatty(STDIN_FILENO) == 1 else {
            throw CommandFailure(.usage, "no passphrase: use \(fileOption), set $\(name), or run on a terminal")
        }
        let first = try promptNoEcho(prompt)
        if confirm {
            guard try promptNoEcho("Repeat: ") == first else { throw CommandFailure(.usage, "the two entries differ") }
        }
        return first
    }

    static func promptNoEcho(_ prompt: String) throws -> [UInt8] {
        FileHandle.standardError.write(Data(prompt.utf8))
        var old = termios()
        tcgetattr(STDIN_FILENO, &old)
        var quiet = old
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &old)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        var bytes: [UInt8] = []
        var c: UInt8 = 0
        while Glibc.read(STDIN_FILENO, &c, 1) == 1, c != 0x0A, c != 0x0D { bytes.append(c) }
        return bytes
    }
}
