/// A strict RFC 8259 JSON parser for signed JSON (collected client data, JOSE headers and claims).
///
/// Signed JSON must never be read differently by two parsers: this one rejects
/// duplicate member names (where `JSONDecoder` keeps one silently), invalid UTF-8, unpaired
/// surrogates, leading zeros, trailing content and nesting beyond `maxDepth`.
public enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

public struct StrictJSONError: Error, Equatable, Sendable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

public struct StrictJSON {
    public static let maxDepth = 32

    /// - Parameter maxDepth: the deepest nesting accepted (arrays and objects each count one).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = StrictJSON.maxDepth) throws(StrictJSONError) -> JSONValue {
        var p = StrictJSON(bytes: bytes, depthLimit: maxDepth)
        p.skipWhitespace()
        let value = try p.value(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw p.fail("trailing content") }
        return value
    }

    let bytes: [UInt8]
    let depthLimit: Int
    var i = 0

    func fail(_ reason: String) -> StrictJSONError { StrictJSONError(offset: i, reason: reason) }

    mutating func skipWhitespace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    mutating func expect(_ literal: StaticString) throws(StrictJSONError) {
        let n = literal.utf8CodeUnitCount
        guard bytes.count - i >= n else { throw fail("truncated literal") }
        let lit = UnsafeBufferPointer(start: literal.utf8Start, count: n)
        for k in 0..<n where bytes[i + k] != lit[k] { throw fail("invalid literal") }
        i += n
    }

    mutating func value(depth: Int) throws(StrictJSONError) -> JSONValue {
        guard depth < depthLimit else { throw fail("nesting deeper than \(depthLimit)") }
        guard i < bytes.count else { throw fail("unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [String: JSONValue] = [:]
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                i += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail("expected a member name") }
                let name = try string()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("expected ':'") }
                i += 1
                skipWhitespace()
                let v = try value(depth: depth + 1)
                guard members.updateValue(v, forKey: name) == nil else { throw fail("duplicate member \"\(name)\"") }
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated object") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "}") {
                    i += 1
                    return .object(members)
                }
                throw fail("expected ',' or '}'")
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                guard i < bytes.count else { throw fail("unterminated array") }
                if bytes[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(items)
                }
                throw fail("expected ',' or ']'")
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try number())
        }
    }

    mutating func number() throws(StrictJSONError) -> Double {
        let start = i
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            return i - s
        }
        guard i < bytes.count else { throw fail("invalid number") }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw fail("invalid value") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("invalid fraction") }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("invalid exponent") }
        }
        guard let d = Double(String(decoding: bytes[start..<i], as: UTF8.self)) else { throw fail("invalid number") }
        return d
    }

    mutating func hex4() throws(StrictJSONError) -> UInt32 {
        guard bytes.count - i >= 4 else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x37)
            case 0x61...0x66: d = UInt32(c - 0x57)
            default: throw fail("invalid \\u escape")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    mutating func string() throws(StrictJSONError) -> String {
        i += 1 // opening quote
        var out: [UInt8] = []
        var runStart = i
        // Whether every byte taken as it is was ASCII: then the text is valid UTF-8 without a
        // check (escapes write valid UTF-8 themselves), and String(decoding:) takes it as it is.
        // String(validating:) is not specialized here and looked up generic metadata per string.
        var ascii = true
        while true {
            guard i < bytes.count else { throw fail("unterminated string") }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") {
                // Most strings have no escape: read straight from the input, no copy.
                let s: String?
                if out.isEmpty {
                    let run = bytes[runStart..<i]
                    s = ascii ? String(decoding: run, as: UTF8.self) : String(validating: run, as: UTF8.self)
                } else {
                    out.append(contentsOf: bytes[runStart..<i])
                    s = ascii ? String(decoding: out, as: UTF8.self) : String(validating: out, as: UTF8.self)
                }
                i += 1
                guard let s else { throw fail("string is not valid UTF-8") }
                return s
            }
            if c < 0x20 { throw fail("control character in string") }
            if c != UInt8(ascii: "\\") {
                if c >= 0x80 { ascii = false }
                i += 1
                continue
            }
            out.append(contentsOf: bytes[runStart..<i])
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape") }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard bytes.count - i >= 6, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("unpaired surrogate")
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            default: throw fail("invalid escape")
            }
            runStart = i
        }
    }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
