/// Writes JSON text (RFC 8259) for values built in code: strings escaped as the RFC requires,
/// object members in sorted order, integral numbers without a fraction. The output parses back
/// with `StrictJSON` to the same value.
public enum JSONText {
    public static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// - Parameter pretty: two-space indentation, one member or element a line, for people.
    public static func serialize(_ value: JSONValue, pretty: Bool) -> String {
        pretty ? indented(value, "") : serialize(value)
    }

    private static func indented(_ value: JSONValue, _ indent: String) -> String {
        let inner = indent + "  "
        switch value {
        case .array(let items) where !items.isEmpty:
            return "[\n" + items.map { inner + indented($0, inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members) where !members.isEmpty:
            return "{\n" + members.keys.sorted().map { inner + quote($0) + ": " + indented(members[$0]!, inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        default: return serialize(value)
        }
    }

    /// Pretty JSON from `JSONEncoder` writes an empty array or object over two lines (`[`, a
    /// blank line, `]`); this writes it as `[]` / `{}`, as `serialize(_:pretty:)` does, and
    /// leaves every other byte, strings included, as it was.
    public static func collapsingEmptyContainers(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count)
        var inString = false
        var escaped = false
        var i = 0
        while i < json.count {
            let byte = json[i]
            out.append(byte)
            i += 1
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            if byte == 0x22 {
                inString = true
                continue
            }
            guard byte == 0x5B || byte == 0x7B else { continue } // [ or {
            var j = i
            while j < json.count, [0x20, 0x0A, 0x0D, 0x09].contains(json[j]) { j += 1 }
            if j < json.count, json[j] == byte + 2 { // ] or }
                out.append(json[j])
                i = j + 1
            }
        }
        return out
    }

    public static func serialize(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .string(let s): return quote(s)
        case .number(let n):
            if n.rounded() == n, abs(n) < 9_007_199_254_740_992 { return String(Int64(n)) }
            return n.isFinite ? "\(n)" : "null"
        case .array(let items): return "[" + items.map(serialize).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.keys.sorted().map { quote($0) + ":" + serialize(members[$0]!) }.joined(separator: ",") + "}"
        }
    }
}
