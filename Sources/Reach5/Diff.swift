import Foundation

/// What lets a keyed container leave out a field that does not change (the SDK's `Diffable`).
public protocol Diffable {
    func isEmpty() -> Bool
}

/// One field of an update, as the SDK's `Diff`: set it (`Update`), delete it (sent as an explicit
/// JSON null), or leave it (`NoOp`: the key is not sent at all).
public enum Diff<Wrapped>: Diffable {
    case Update(Wrapped)
    case Delete
    case NoOp

    /// `NoOp` is the one that sends nothing.
    public func isEmpty() -> Bool {
        if case .NoOp = self { return true }
        return false
    }

    /// The new value of an `Update`; nil for `Delete` and `NoOp`.
    public var value: Wrapped? {
        if case .Update(let value) = self { return value }
        return nil
    }

    /// A value becomes `Update`, nil becomes `NoOp`.
    public init(_ optional: Wrapped?) {
        self = optional.map { .Update($0) } ?? .NoOp
    }
}

extension Diff: Sendable where Wrapped: Sendable {}
extension Diff: Equatable where Wrapped: Equatable {}

extension Diff: Encodable where Wrapped: Encodable {
    /// `Update` as its value, `Delete` as null; a `NoOp` is never asked (the keyed container
    /// below skips it).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .Update(let value): try container.encode(value)
        case .Delete: try container.encodeNil()
        case .NoOp: break
        }
    }
}

extension KeyedEncodingContainer {
    /// A `Diffable` that is empty is left out, as a nil optional is; any other is encoded.
    public mutating func encode(_ value: some Diffable & Encodable, forKey key: KeyedEncodingContainer<K>.Key) throws {
        guard !value.isEmpty() else { return }
        try encodeIfPresent(value, forKey: key)
    }
}
