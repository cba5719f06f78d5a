/// Base16 (RFC 4648 §8) as ids, AAGUIDs and protocol fields spell bytes: lower case where a
/// person or a file reads them, upper case where a protocol says so (the hybrid tunnel's paths).
public enum Hex {
    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)

    public static func lower(_ bytes: some Sequence<UInt8>) -> String { spell(bytes, lowerDigits) }

    public static func upper(_ bytes: some Sequence<UInt8>) -> String { spell(bytes, upperDigits) }

    /// The bytes a hex string spells (either case), or nil for an odd length or another character.
    public static func decode(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        for i in stride(from: 0, to: digits.count, by: 2) {
            guard let high = value(digits[i]), let low = value(digits[i + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }

    private static func spell(_ bytes: some Sequence<UInt8>, _ digits: [UInt8]) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
