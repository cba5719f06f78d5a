/// Unpadded base64url (RFC 4648 §5), the encoding of every binary field in the WebAuthn L3 JSON
/// forms. Decoding rejects the standard-alphabet characters and whitespace; correct `=` padding
/// is tolerated because some RP libraries emit it.
public enum Base64URL {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    static let reverse: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    /// Written straight into the string's storage, four characters per three bytes: tokens,
    /// JWTs and every WebAuthn response pass through here, several times a login.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        if let encoded = bytes.withContiguousStorageIfAvailable({ encode(buffer: $0) }) { return encoded }
        return Array(bytes).withUnsafeBufferPointer { encode(buffer: $0) }
    }

    private static func encode(buffer input: UnsafeBufferPointer<UInt8>) -> String {
        let count = (input.count * 4 + 2) / 3
        return alphabet.withUnsafeBufferPointer { table in
            String(unsafeUninitializedCapacity: count) { out in
                var i = 0
                var o = 0
                while i + 3 <= input.count {
                    let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
                    out[o] = table[Int(v >> 18 & 63)]
                    out[o + 1] = table[Int(v >> 12 & 63)]
                    out[o + 2] = table[Int(v >> 6 & 63)]
                    out[o + 3] = table[Int(v & 63)]
                    i += 3
                    o += 4
                }
                let rest = input.count - i
                if rest > 0 {
                    let v = UInt32(input[i]) << 16 | (rest == 2 ? UInt32(input[i + 1]) << 8 : 0)
                    out[o] = table[Int(v >> 18 & 63)]
                    out[o + 1] = table[Int(v >> 12 & 63)]
                    if rest == 2 { out[o + 2] = table[Int(v >> 6 & 63)] }
                    o += rest + 1
                }
                return o
            }
        }
    }

    /// Rejects characters outside the URL-safe alphabet, impossible lengths and non-zero
    /// trailing bits (so each byte string has exactly one encoding).
    public static func decode(_ string: String) -> [UInt8]? {
        var text = string
        return text.withUTF8 { decode(buffer: $0) }
    }

    private static func decode(buffer all: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var end = all.count
        while end > 0, all[end - 1] == UInt8(ascii: "=") { end -= 1 }
        let padding = all.count - end
        guard padding <= 2, end % 4 != 1 else { return nil }
        if padding > 0 && all.count % 4 != 0 { return nil }
        return reverse.withUnsafeBufferPointer { table -> [UInt8]? in
            var out = [UInt8]()
            out.reserveCapacity(end * 3 / 4)
            var acc: UInt32 = 0
            var bits = 0
            for k in 0..<end {
                let v = table[Int(all[k])]
                guard v != 0xFF else { return nil }
                acc = acc << 6 | UInt32(v)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
                }
            }
            guard acc & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
            return out
        }
    }
}

/// Bytes that travel as unpadded base64url in JSON.
public struct Base64URLBytes: Codable, Hashable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Read with the long-string limit under ``StrictJSONDecoder`` (attestation objects and
    /// signatures are longer than a plain string may be).
    public init(from decoder: Decoder) throws {
        let s = try LongText(from: decoder).text
        guard let b = Base64URL.decode(s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not base64url"))
        }
        bytes = b
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(Base64URL.encode(bytes))
    }

    public var description: String { Base64URL.encode(bytes) }
}
