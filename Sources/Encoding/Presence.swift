/// A member that may be absent, explicitly `null`, or a value: the three states an update needs
/// (leave it, delete it, set it), which an optional folds into two.
///
/// Decoding: an absent key is `.absent`, `null` is `.null`. Encoding: `.absent` writes nothing,
/// `.null` writes `null`.
public enum Presence<Wrapped> {
    case absent
    case null
    case value(Wrapped)

    /// The value, or nil when absent or null.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }
}

extension Presence: Sendable where Wrapped: Sendable {}
extension Presence: Equatable where Wrapped: Equatable {}

extension Presence: Decodable where Wrapped: Decodable {
    /// Reached only for a present member (the keyed container's `decode` below sees absence).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Presence: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .absent, .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension KeyedDecodingContainer {
    /// Chosen over the generic `decode` for `Presence` properties, so a synthesized
    /// `init(from:)` sees an absent key as `.absent` instead of failing.
    public func decode<Wrapped: Decodable>(_ type: Presence<Wrapped>.Type, forKey key: Key) throws -> Presence<Wrapped> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(Wrapped.self, forKey: key))
    }
}

extension KeyedEncodingContainer {
    /// Chosen over the generic `encode` for `Presence` properties: `.absent` writes no key.
    public mutating func encode<Wrapped: Encodable>(_ value: Presence<Wrapped>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let wrapped): try encode(wrapped, forKey: key)
        }
    }
}
