import Logging
import Synchronization
import Testing

@testable import IdentityServer

/// `LogLineHandler`, the handler `latchkey` logs through: the lines swift-log's own
/// `StreamLogHandler` writes for the same events, with the metadata rendered only for a line
/// that is written.
@Suite struct LogLineHandlerTests {
    /// Lines collected from a handler (ours, or `StreamLogHandler` through a text stream).
    final class Lines: TextOutputStream, @unchecked Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func write(_ string: String) {
            let line = string.hasSuffix("\n") ? String(string.dropLast()) : string
            if !line.isEmpty { lines.withLock { $0.append(line) } }
        }
    }

    /// A line without its timestamp (the two handlers may write theirs in different seconds).
    static func untimed(_ line: String) -> Substring { line.drop { $0 != " " } }

    struct Failure: Error, CustomStringConvertible { var description: String { "disk on fire" } }

    /// Each logger gets the same metadata and lines: the request id Hummingbird sets, values of
    /// every kind, explicit metadata overriding the logger's, an error, an empty label.
    static func exercise(_ make: (String) -> any LogHandler) {
        for label in ["latchkey.serve", ""] {
            var logger = Logger(label: label, factory: make)
            logger.logLevel = .warning
            logger[metadataKey: "hb.request.id"] = "1a2b"
            logger[metadataKey: "b.list"] = ["x", "y"]
            logger[metadataKey: "a.map"] = ["k": ["z"]] // one key: a nested dictionary prints in hash order
            logger.info("below the threshold: never written")
            logger.warning("first", metadata: ["hb.request.id": "override", "path": "/oauth/token"])
            logger.error("second", error: Failure())
            logger.critical("third", source: "Here")
            logger[metadataKey: "a.map"] = nil
            logger.warning("fourth")
        }
        // No metadata at all (no space before the source), and a message ending in a newline.
        var plain = Logger(label: "plain", factory: make)
        plain.logLevel = .info
        plain.info("no metadata")
        plain.notice("ends with a newline\n")
    }

    @Test func linesAreTheOnesStreamLogHandlerWrites() {
        let ours = Lines()
        let theirs = Lines()
        // Console.log ends each line with a newline, as StreamLogHandler does.
        Self.exercise { label in LogLineHandler(label: label, metadataProvider: nil) { ours.write($0 + "\n") } }
        Self.exercise { label in StreamLogHandler(label: label, stream: theirs, metadataProvider: nil) }
        #expect(ours.all.count == 10)
        #expect(ours.all.contains { $0.hasSuffix(" info plain: [IdentityServerTests] no metadata") }, "\(ours.all)")
        #expect(ours.all.map(Self.untimed) == theirs.all.map(Self.untimed))
        #expect(
            ours.all.first?.hasSuffix(
                #" warning latchkey.serve: a.map=["k": ["z"]] b.list=["x", "y"] hb.request.id=override path=/oauth/token [IdentityServerTests] first"#
            ) == true, "\(ours.all.first ?? "")")
        // The timestamp is local time to the second, as StreamLogHandler's.
        let stamp = ours.all.first.map { String($0.prefix { $0 != " " }) } ?? ""
        #expect(stamp.count == 24 && stamp.dropFirst(4).first == "-" && stamp.dropFirst(10).first == "T", "\(stamp)")
    }

    @Test func aProviderAddsItsMetadataToEveryLine() {
        let ours = Lines()
        let theirs = Lines()
        let provider = Logger.MetadataProvider { ["trace": "t-1", "hb.request.id": "from-provider"] }
        Self.exercise { label in LogLineHandler(label: label, metadataProvider: provider) { ours.write($0 + "\n") } }
        Self.exercise { label in StreamLogHandler(label: label, stream: theirs, metadataProvider: provider) }
        #expect(ours.all.map(Self.untimed) == theirs.all.map(Self.untimed))
        #expect(ours.all.allSatisfy { $0.contains(" trace=t-1 ") })
    }
}
