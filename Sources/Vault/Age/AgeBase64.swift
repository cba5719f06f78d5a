import Encoding

/// The base64 of age headers: the standard alphabet, no padding, and one encoding per byte
/// string (non-zero trailing bits are refused), so a header parses to exactly one MAC input.
enum AgeBase64 {
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        String(Base64URL.encode(bytes).map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
    }

    static func decode(_ text: Substring) -> [UInt8]? {
        guard !text.contains(where: { $0 == "-" || $0 == "_" || $0 == "=" }) else { return nil }
        return Base64URL.decode(String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }))
    }

    /// The armor's base64 (padded, as PEM writes it).
    static func decodePadded(_ text: Substring) -> [UInt8]? {
        guard text.count % 4 == 0 else { return nil }
        let unpadded = text.hasSuffix("==") ? text.dropLast(2) : text.hasSuffix("=") ? text.dropLast(1) : text
        return decode(unpadded)
    }

    static func encodePadded(_ bytes: some Collection<UInt8>) -> String {
        let text = encode(bytes)
        return text + String(repeating: "=", count: (4 - text.count % 4) % 4)
    }
}
