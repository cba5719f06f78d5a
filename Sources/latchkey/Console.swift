import Foundation
import Synchronization
import WebAuthn

#if canImport(Glibc)
    import Glibc
#endif

/// The only place the CLI writes to the terminal.
enum Console {
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
    }
    static func error(_ s: String) {
        FileHandle.standardError.write(Data((s.hasSuffix("\n") ? s : s + "\n").utf8))
    }
    /// A log line (`LogLineHandler`'s) on stderr: whole, one line at a time across threads, and
    /// dropped if stderr cannot take it, as swift-log's own handler does (FileHandle's `write`
    /// traps on a failed write; a lost log line must not stop the server).
    static func log(_ line: String) {
        let bytes = Array(line.utf8) + [0x0A]
        logLines.withLock { _ in
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(2, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 && errno == EINTR { continue }
                    guard written > 0 else { return }
                    offset += written
                }
            }
        }
    }
    private static let logLines = Mutex(())

    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
    /// `value` as pretty JSON with sorted keys on stdout; `snakeCase` for the ReachFive wire's
    /// key names (the account commands), ISO 8601 for dates.
    static func writeJSON(_ value: some Encodable, snakeCase: Bool = false) {
        let encoder = JSONEncoder()
        if snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // JSONEncoder fails only on a non-finite double; the callers print no Double but a profile's, which JSON decoded
        write(JSONText.collapsingEmptyContainers(Array((try? encoder.encode(value)) ?? Data())) + [0x0A])
    }
    /// All of stdin, capped so a runaway pipe cannot exhaust memory; `awaiting` names what is
    /// read, which is said on stderr when stdin is a terminal.
    static func readStdin(limit: Int = 4 << 20, awaiting what: String? = nil) throws -> [UInt8] {
        try InputFile.read("-", limit: limit, awaiting: what)
    }
}
