/// Writes JSON text (RFC 8259) for values built in code: strings escaped as the RFC requires,
/// object members in sorted order, integral numbers without a fraction. The output parses back
/// with `StrictJSON` to the same value.
public enum JSONText {
    public static func quote(_ string: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count + 2)
        appendQuoted(string, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes `string` as a JSON string literal: runs of bytes that need no escape are copied
    /// whole from the string's UTF-8 (a response carries two JWTs; one scalar at a time was most
    /// of a token response's cost), the rest escaped as `quote` always has: `\"`, `\\`, `\n`,
    /// `\r`, `\t`, `\u00XX` for other controls and DEL, `\u2028`/`\u2029` for the line and
    /// paragraph separators (JavaScript string literals end at them).
    public static func appendQuoted(_ string: String, to out: inout [UInt8]) {
        out.append(0x22)
        var copy = string
        copy.withUTF8 { bytes in
            var runStart = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0x7F && byte != 0xE2 {
                    i += 1
                    continue
                }
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
                var width = 1
                if byte == 0xE2 {
                    guard i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 else {
                        i += 1
                        continue
                    }
                    width = 3
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                switch byte {
                case 0x22: out.append(contentsOf: [0x5C, 0x22])
                case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
                case 0x0D: out.append(contentsOf: [0x5C, 0x72])
                case 0x09: out.append(contentsOf: [0x5C, 0x74])
                case 0xE2: out.append(contentsOf: bytes[i + 2] == 0xA8 ? Array("\\u2028".utf8) : Array("\\u2029".utf8))
                default: out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])
                }
                i += width
                runStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(0x22)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10 }

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
        String(decoding: serializedBytes(value), as: UTF8.self)
    }

    /// `serialize(_:)`'s text as UTF-8, written into one buffer (a response body needs no String).
    public static func serializedBytes(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(value, to: &out)
        return out
    }

    /// Compact JSON, members in key order (the same bytes for the same value).
    static func write(_ value: JSONValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .bool(let b): out.append(contentsOf: b ? Array("true".utf8) : Array("false".utf8))
        case .string(let s): appendQuoted(s, to: &out)
        case .number(let n):
            if n.rounded() == n, abs(n) < 9_007_199_254_740_992 {
                out.append(contentsOf: String(Int64(n)).utf8)
            } else {
                out.append(contentsOf: (n.isFinite ? "\(n)" : "null").utf8)
            }
        case .array(let items):
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                write(item, to: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            // Sorted as pairs: sorting the keys and looking each up again hashed every key twice.
            for (i, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if i > 0 { out.append(0x2C) }
                appendQuoted(member.key, to: &out)
                out.append(0x3A)
                write(member.value, to: &out)
            }
            out.append(0x7D)
        }
    }
}
