import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// A log handler that writes lines as swift-log's `StreamLogHandler` does
/// (`<time> <level> <label>: <key=value …> [<source>] <message>`), but renders the metadata
/// when a line is written rather than whenever the metadata changes. `latchkey` bootstraps
/// it for the process, writing to standard error.
///
/// Hummingbird gives every request a logger with its own `hb.request.id`; `StreamLogHandler`
/// sorts and formats all of its metadata on each such change (about 5 k instructions a
/// request), although at `latchkey serve`'s `warning` threshold no line is ever written.
public struct LogLineHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let write: @Sendable (String) -> Void

    /// - Parameter write: takes each line, without its newline.
    public init(
        label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let explicit = event.metadata { all.merge(explicit) { _, new in new } }
        if let error = event.error {
            all["error.message"] = "\(error)"
            all["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        let rendered = all.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
        let separator = label.isEmpty ? "" : " "
        write("\(Self.timestamp()) \(event.level)\(separator)\(label):\(rendered) [\(event.source)] \(event.message)")
    }

    /// Local time to the second, as `StreamLogHandler` writes it (`2026-11-28T01:02:03+0000`).
    private static func timestamp() -> String {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil else { return "<unknown>" }
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &parts)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
