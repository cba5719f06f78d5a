import Foundation

/// Adding parameters to a URL's query: OAuth redirects (`code`, `state`, `error`) and the links
/// the outbox's messages carry.
enum URLQuery {
    /// `base` with `parameters` added to its query (percent-encoded, in name order; the base's
    /// own query kept as it is); `base` unchanged when it is not a URL.
    static func appending(_ parameters: [String: String], to base: String) -> String {
        guard var c = URLComponents(string: base) else { return base }
        // A base of plain URI characters without a fragment that URLComponents spells again as
        // it is has its query as its tail: the parameters are appended to the text, encoded on
        // bytes (every login's redirect comes here; Foundation's encoding and re-serialization
        // were most of the authorize call).
        if base.utf8.allSatisfy(Self.keepsItsSpelling), c.string == base, Self.spellsPortPlainly(c.port, in: base) {
            var text = base
            let query = c.percentEncodedQuery
            var first = query == nil || query == ""
            if query == nil { text += "?" }
            for (k, v) in parameters.sorted(by: { $0.key < $1.key }) {
                text += first ? "" : "&"
                first = false
                text += percentEncoded(k) + "=" + percentEncoded(v)
            }
            return text
        }
        var parts = c.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        for (k, v) in parameters.sorted(by: { $0.key < $1.key }) {
            parts.append(percentEncoded(k) + "=" + percentEncoded(v))
        }
        c.percentEncodedQuery = parts.joined(separator: "&")
        return c.string ?? base
    }

    /// Whether `base` writes its port as URLComponents writes it back once the query changes
    /// (`:0443` comes back as `:443`).
    private static func spellsPortPlainly(_ port: Int?, in base: String) -> Bool {
        guard let port else { return true }
        return base.hasSuffix(":\(port)") || base.contains(":\(port)/") || base.contains(":\(port)?")
    }

    /// A byte URLComponents keeps as it is in a URL, other than `#` and `%` (left to
    /// URLComponents): printable ASCII but for the blank, the brackets (a host's only) and the
    /// characters RFC 3986 never allows (double quote, angle brackets, backslash, caret,
    /// backtick, braces, bar).
    private static func keepsItsSpelling(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"),
            UInt8(ascii: "}"):
            return false
        default: return byte > 0x20 && byte < 0x7F
        }
    }

    /// `text` with every byte outside RFC 3986's unreserved characters percent-encoded
    /// (upper-case hex). A `+` is encoded (`%2B`) so that readers that take `+` for a space, as
    /// the SDK's `ApiError(fromQueryParams:)` does, read the text as sent.
    static func percentEncoded(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.append(byte)
            default: out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
