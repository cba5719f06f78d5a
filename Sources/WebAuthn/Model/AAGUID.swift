import Encoding
import Foundation

/// The 16-byte authenticator model identifier carried in attested credential data.
public struct AAGUID: Hashable, Sendable, CustomStringConvertible, Codable {
    public let bytes: [UInt8]

    public static let zero = AAGUID(unchecked: [UInt8](repeating: 0, count: 16))

    init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Parses the canonical hyphenated form, e.g. `fbfc3007-154e-4ecc-8c0b-6e020557d7bd`.
    public init?(_ string: String) {
        guard let uuid = UUID(uuidString: string) else { return nil }
        bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
    }

    public var description: String {
        let hex = Hex.lower(bytes)
        let i = hex.startIndex
        func s(_ a: Int, _ b: Int) -> Substring { hex[hex.index(i, offsetBy: a)..<hex.index(i, offsetBy: b)] }
        return "\(s(0, 8))-\(s(8, 12))-\(s(12, 16))-\(s(16, 20))-\(s(20, 32))"
    }

    public init(from decoder: Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        guard let a = AAGUID(s) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a UUID"))
        }
        self = a
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}
