/// The digit encoding of a FIDO QR URL (CTAP 2.2 §11.5.1.1): each 7-byte chunk of the CBOR, read
/// as a little-endian number, becomes 17 decimal digits, zero-padded; a final shorter chunk of n
/// bytes becomes the digit count n bytes need. Digits keep the QR code in its compact numeric mode.
enum Base10Digits {
    /// Digits for a chunk of 0...7 bytes.
    static let widths = [0, 3, 5, 8, 10, 13, 15, 17]

    static func encode(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i..<min(i + 7, bytes.count)]
            var value: UInt64 = 0
            for (j, b) in chunk.enumerated() { value |= UInt64(b) << (8 * UInt64(j)) }
            let digits = String(value)
            out += String(repeating: "0", count: widths[chunk.count] - digits.count) + digits
            i += 7
        }
        return out
    }

    static func decode(_ text: Substring) throws(HybridError) -> [UInt8] {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .badQR("the payload has characters other than digits") }
        let digits = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < digits.count {
            let width = min(17, digits.count - i)
            guard let length = widths.firstIndex(of: width) else { throw .badQR("a last group of \(width) digits encodes no byte count") }
            var value: UInt64 = 0
            for d in digits[i..<(i + width)] {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times.addingReportingOverflow(UInt64(d - 48))
                guard !o1, !o2 else { throw .badQR("a digit group is out of range") }
                value = sum
            }
            // A chunk of n bytes must fit in n bytes.
            guard value >> (8 * UInt64(length)) == 0 else { throw .badQR("a digit group is out of range") }
            for j in 0..<length { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(j)))) }
            i += width
        }
        return out
    }
}
