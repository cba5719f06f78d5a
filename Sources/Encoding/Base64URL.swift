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

    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        var out = [UInt8]()
        out.reserveCapacity((input.count * 4 + 2) / 3)
        var i = 0
        while i + 3 <= input.count {
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8 | UInt32(input[i + 2])
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], alphabet[Int(v & 63)]]
            i += 3
        }
        switch input.count - i {
        case 1:
            let v = UInt32(input[i]) << 16
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)]]
        case 2:
            let v = UInt32(input[i]) << 16 | UInt32(input[i + 1]) << 8
            out += [alphabet[Int(v >> 18 & 63)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)]]
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rejects characters outside the URL-safe alphabet, impossible lengths and non-zero
    /// trailing bits (so each byte string has exactly one encoding).
    public static func decode(_ string: String) -> [UInt8]? {
        var chars = Array(string.utf8)
        var padding = 0
        while chars.last == UInt8(ascii: "=") {
            chars.removeLast()
            padding += 1
        }
        guard padding <= 2, chars.count % 4 != 1 else { return nil }
        if padding > 0 && (chars.count + padding) % 4 != 0 { return nil }
        var out = [UInt8]()
        out.reserveCapacity(chars.count * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        for c in chars {
            let v = reverse[Int(c)]
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
