/// A CBOR data item (RFC 8949), restricted to what WebAuthn and CTAP2 carry.
///
/// Maps keep their entries as an ordered list so a decoded map can be re-encoded byte for byte
/// and so duplicate keys are detectable; the encoder sorts keys CTAP2-canonically.
public indirect enum CBOR: Hashable, Sendable {
    case unsigned(UInt64)
    /// The negative integer `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map([(CBOR, CBOR)])
    case tagged(UInt64, CBOR)
    case simple(UInt8)
    case bool(Bool)
    case null
    case undefined
    case float(Double)

    public static func int(_ v: Int) -> CBOR { v >= 0 ? .unsigned(UInt64(v)) : .negative(UInt64(-1 - v)) }

    /// The integer value when it fits an `Int`.
    public var intValue: Int? {
        switch self {
        case .unsigned(let u): return u <= UInt64(Int.max) ? Int(u) : nil
        case .negative(let n): return n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: return nil
        }
    }
    public var bytesValue: [UInt8]? {
        if case .bytes(let b) = self { return b }
        return nil
    }
    public var textValue: String? {
        if case .text(let t) = self { return t }
        return nil
    }
    public var arrayValue: [CBOR]? {
        if case .array(let a) = self { return a }
        return nil
    }
    public var mapValue: [(CBOR, CBOR)]? {
        if case .map(let m) = self { return m }
        return nil
    }
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Looks up a map entry by key; nil when absent or when `self` is not a map.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first { $0.0 == key }?.1
    }
    public subscript(text key: String) -> CBOR? { self[.text(key)] }
    public subscript(int key: Int) -> CBOR? { self[.int(key)] }

    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): return a == b
        case (.bytes(let a), .bytes(let b)): return a == b
        case (.text(let a), .text(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.map(let a), .map(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.tagged(let t1, let v1), .tagged(let t2, let v2)): return t1 == t2 && v1 == v2
        case (.simple(let a), .simple(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null), (.undefined, .undefined): return true
        case (.float(let a), .float(let b)): return a.bitPattern == b.bitPattern
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(CBOREncoder.encode(self))
    }
}

extension CBOR: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .text(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}
