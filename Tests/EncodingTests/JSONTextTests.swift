import Encoding
import TestSupport
import Testing

/// `JSONText` writes on UTF-8 bytes, copying runs that need no escape: the text is the one the
/// scalar-by-scalar escaper wrote (kept here as the reference), and it parses back to the value.
@Suite struct JSONTextTests {
    /// The escaping rule, one scalar at a time, as `quote` has always applied it.
    static func reference(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static let tricky = [
        "", "plain", "quote\"and\\backslash", "\n\r\t\u{0}\u{1}\u{1F}\u{7F}", "line\u{2028}para\u{2029}end", "euro € and ‰ and ™",
        "\u{2027}\u{202A}\u{20AC}", "emoji 🔑 and e\u{301}", "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
        String(repeating: "\u{2028}", count: 3),
        "ends with E2 byte start \u{E000}", "\u{10FFFF}",
    ]

    @Test func quotingMatchesTheScalarRuleOnTrickyStrings() {
        for string in Self.tricky {
            #expect(JSONText.quote(string) == Self.reference(string), "\(Array(string.unicodeScalars))")
        }
    }

    @Test func quotingMatchesTheScalarRuleOnRandomStrings() {
        var random = SplitMix64(seed: 0x4A53_4F4E)
        // Scalars near every boundary the byte scan decides on.
        let pool: [UInt32] = [
            0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x22, 0x41, 0x5C, 0x7E, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x2027, 0x2028, 0x2029,
            0x202A, 0x20AC, 0xE000, 0xFFFD, 0x1F511, 0x10FFFF,
        ]
        for _ in 0..<2000 {
            let length = Int(random.next() % 24)
            var string = ""
            for _ in 0..<length {
                string.unicodeScalars.append(Unicode.Scalar(pool[Int(random.next() % UInt64(pool.count))])!)
            }
            #expect(JSONText.quote(string) == Self.reference(string))
        }
    }

    @Test func serializedTextParsesBackToTheValueAndTheBytesAreTheText() throws {
        let value = JSONValue.object([
            "access_token": .string(Self.tricky[8]), "nested": .array([.null, .bool(true), .bool(false), .number(42), .number(-0.5)]),
            "weird \u{2028} key": .string(Self.tricky[4]), "empty": .object([:]), "list": .array([]),
        ])
        let text = JSONText.serialize(value)
        #expect(Array(text.utf8) == JSONText.serializedBytes(value))
        #expect(try StrictJSON.parse(Array(text.utf8), maxDepth: 8) == value)
        #expect(text.hasPrefix(#"{"access_token":"eyJ"#), "members in key order, no spaces: \(text)")
    }
}
