import CSQLite

/// A SQLite failure with its extended result code. Messages carry SQLite's text, never values.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var primaryCode: Int32 { code & 0xFF }
    public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file is damaged or is not a database (never to be treated as an empty one).
    public var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    public var isFull: Bool { primaryCode == SQLITE_FULL || primaryCode == SQLITE_IOERR }

    public var description: String { "SQLite error \(code): \(message)" }
}
