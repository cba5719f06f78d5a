/// The `+` of a URL query, which form-encoding readers take for a space: the SDK encodes those it
/// sends (URLComponents leaves them alone) and reads those it receives as spaces, as the real
/// SDK's callback parsing does. On the bytes, and only when there is one: NSString's
/// `replacingOccurrences` was a tenth of a facade login's own instructions.
enum QueryPlusSigns {
    /// `query` (percent-encoded) with each `+` written `%2B`.
    static func encoded(_ query: String) -> String {
        replacing(in: query, with: Array("%2B".utf8))
    }

    /// `value` (decoded) with each `+` read as a space.
    static func asSpaces(_ value: String) -> String {
        replacing(in: value, with: [UInt8(ascii: " ")])
    }

    private static func replacing(in text: String, with replacement: [UInt8]) -> String {
        guard text.utf8.contains(UInt8(ascii: "+")) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "+") { out.append(contentsOf: replacement) } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
