import Foundation

/// Unpadded base64url (RFC 4648 §5), the encoding of every binary field in the WebAuthn L3 JSON
/// forms. Decoding rejects the standard-alphabet characters and whitespace; correct `=` padding
/// is tolerated because some RP libraries emit it.
public enum Base64URL {
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ string: String) -> [UInt8]? {
        var s = Substring(string)
        var padding = 0
        while s.hasSuffix("=") { s = s.dropLast(); padding += 1 }
        guard padding <= 2 else { return nil }
        guard s.utf8.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }) else {
            return nil
        }
        let remainder = s.utf8.count % 4
        guard remainder != 1 else { return nil }
        if padding > 0 && (s.utf8.count + padding) % 4 != 0 { return nil }
        var std = s.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if remainder > 0 { std += String(repeating: "=", count: 4 - remainder) }
        guard let data = Data(base64Encoded: std) else { return nil }
        return Array(data)
    }
}

/// Bytes that travel as unpadded base64url in JSON.
public struct Base64URLBytes: Codable, Hashable, Sendable, CustomStringConvertible {
    public var bytes: [UInt8]
    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
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
