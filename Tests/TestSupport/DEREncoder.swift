/// Builds DER for test certificates' extensions (test use only; the product only reads DER).
public enum DEREncoder {
    public static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }
    /// A tag with a high tag number (≥ 31), e.g. Android's [600] and [702].
    public static func contextExplicit(_ number: UInt64, _ content: [UInt8]) -> [UInt8] {
        if number < 31 { return tlv(0xA0 | UInt8(number), content) }
        var n = number
        var digits: [UInt8] = []
        repeat {
            digits.insert(UInt8(n & 0x7F), at: 0)
            n >>= 7
        } while n > 0
        for i in 0..<(digits.count - 1) { digits[i] |= 0x80 }
        return [0xBF] + digits + length(content.count) + content
    }
    public static func sequence(_ items: [[UInt8]]) -> [UInt8] { tlv(0x30, items.flatMap { $0 }) }
    public static func set(_ items: [[UInt8]]) -> [UInt8] { tlv(0x31, items.flatMap { $0 }) }
    public static func octets(_ b: [UInt8]) -> [UInt8] { tlv(0x04, b) }
    public static func utf8(_ s: String) -> [UInt8] { tlv(0x0C, Array(s.utf8)) }
    public static func null() -> [UInt8] { [0x05, 0x00] }
    public static func integer(_ v: Int) -> [UInt8] {
        var bytes = withUnsafeBytes(of: Int64(v).bigEndian) { Array($0) }
        while bytes.count > 1 && ((bytes[0] == 0 && bytes[1] & 0x80 == 0) || (bytes[0] == 0xFF && bytes[1] & 0x80 != 0)) {
            bytes.removeFirst()
        }
        return tlv(0x02, bytes)
    }
    public static func enumerated(_ v: Int) -> [UInt8] {
        var i = integer(v)
        i[0] = 0x0A
        return i
    }
    public static func oid(_ dotted: String) -> [UInt8] {
        let parts = dotted.split(separator: ".").map { UInt64($0)! }
        var body: [UInt8] = [UInt8(parts[0] * 40 + parts[1])]
        for p in parts.dropFirst(2) {
            var n = p
            var digits: [UInt8] = []
            repeat {
                digits.insert(UInt8(n & 0x7F), at: 0)
                n >>= 7
            } while n > 0
            for i in 0..<(digits.count - 1) { digits[i] |= 0x80 }
            body += digits
        }
        return tlv(0x06, body)
    }
    static func length(_ n: Int) -> [UInt8] {
        if n < 128 { return [UInt8(n)] }
        var bytes: [UInt8] = []
        var v = n
        while v > 0 {
            bytes.insert(UInt8(v & 0xFF), at: 0)
            v >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
