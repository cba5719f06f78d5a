import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way the CLI reads a file named on the command line. `-` is standard input, and any
/// path that can be opened and read to its end works: a regular file, `/dev/stdin`, a FIFO, or
/// a shell's `<(…)`. Reading stops at `limit` bytes, and every failure says which path and why
/// ("cannot read PATH: reason"), never a Foundation error domain.
enum InputFile {
    /// `awaiting` names what a command reads (`RegistrationResponseJSON`) and `otherwise` the
    /// option that gives it another way (`--options FILE`): when `path` is standard input and
    /// that is a terminal, the command says so on stderr instead of waiting silently.
    static func read(_ path: String, limit: Int = 4 << 20, awaiting what: String? = nil, otherwise: String? = nil) throws -> [UInt8] {
        let fd: Int32
        if path == "-" {
            if let what, isatty(STDIN_FILENO) == 1 {
                Console.error(
                    "reading \(what) from the terminal: paste it, then press Ctrl-D on an empty line"
                        + (otherwise.map { " (or give \($0))" } ?? ""))
            }
            fd = STDIN_FILENO
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw failure(path, errno) }
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { throw CommandFailure(.failed, "cannot read \(path): it is a folder") }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno)
            }
            guard out.count + n <= limit else { throw CommandFailure(.failed, "cannot read \(path): larger than \(limit) bytes") }
            out += buffer[0..<n]
        }
        return out
    }

    static func failure(_ path: String, _ code: Int32) -> CommandFailure {
        CommandFailure(.failed, "cannot read \(path == "-" ? "standard input" : path): \(String(cString: strerror(code)))")
    }
}
