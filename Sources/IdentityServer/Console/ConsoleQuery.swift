import Hummingbird

/// A console page's query string, read as the HTML form that made it wrote it
/// (`application/x-www-form-urlencoded`: `+` is a space, then percent-decoding). Hummingbird's
/// `queryParameters` only percent-decodes, so a search for "Ada Lovelace" arrived as
/// "Ada+Lovelace". Lenient, as a page's links must be: the first of a repeated name wins, and a
/// value that is not valid percent-encoded UTF-8 is left out.
struct ConsoleQuery: Sendable {
    private let fields: [String: String]

    init(_ request: Request) { self.init(query: request.uri.query ?? "") }

    init(query: String) {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), let value = Self.decode(parts.count == 2 ? parts[1] : "") else { continue }
            if fields[name] == nil { fields[name] = value }
        }
        self.fields = fields
    }

    subscript(name: String) -> String? { fields[name] }

    /// The page number (`page`, from 0), bounded.
    var page: Int { max(0, min(self["page"].flatMap { Int($0) } ?? 0, 1_000_000)) }

    static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
