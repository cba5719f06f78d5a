/// Encodes `Encodable` values into a ``JSONValue`` (written out by ``JSONText``: sorted keys,
/// integral numbers as integers). Keys are the `CodingKeys`' raw values, nil optionals are left
/// out, and a non-finite number is an error rather than invalid JSON.
public struct StrictJSONEncoder: Sendable {
    public init() {}

    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = EncodingSlot()
        try value.encode(to: JSONValueEncoder(slot: root, codingPath: []))
        return root.resolved
    }

    /// The JSON text (compact, sorted keys).
    public func encodeText(_ value: some Encodable) throws -> String { JSONText.serialize(try encode(value)) }
}

/// Where one value is being written: nothing yet, a finished value, or an object or array whose
/// members are still being written (containers hold the same slot, so nested containers and
/// `superEncoder` add to one object).
final class EncodingSlot {
    enum Content {
        case empty
        case value(JSONValue)
        case object([String: EncodingSlot])
        case array([EncodingSlot])
    }
    var content = Content.empty

    var resolved: JSONValue {
        switch content {
        case .empty: return .object([:])
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.resolved))
        case .array(let items): return .array(items.map(\.resolved))
        }
    }

    // Both take the collection out of `content` before adding to it, so it is the only
    // reference and grows in place (left in `content`, every member copied the whole object).

    func member(_ key: String) -> EncodingSlot {
        var members: [String: EncodingSlot] = [:]
        if case .object(let existing) = content {
            content = .empty
            members = existing
        }
        let child = EncodingSlot()
        members[key] = child
        content = .object(members)
        return child
    }

    func appended() -> EncodingSlot {
        var items: [EncodingSlot] = []
        if case .array(let existing) = content {
            content = .empty
            items = existing
        }
        let child = EncodingSlot()
        items.append(child)
        content = .array(items)
        return child
    }
}

private struct JSONValueEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([:]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValue(slot: slot, codingPath: codingPath) }
}

/// Writes one value into a slot: JSON's own types directly, anything else through its `encode(to:)`.
private func write(_ value: some Encodable, into slot: EncodingSlot, at path: [any CodingKey]) throws {
    switch value {
    case let text as String: slot.content = .value(.string(text))
    case let flag as Bool: slot.content = .value(.bool(flag))
    case let json as JSONValue: slot.content = .value(json)
    case let number as any BinaryFloatingPoint:
        let double = Double(number)
        guard double.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "JSON has no \(double)"))
        }
        slot.content = .value(.number(double))
    case let integer as any BinaryInteger: slot.content = .value(.number(Double(integer)))
    default: try value.encode(to: JSONValueEncoder(slot: slot, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).content = .value(.null) }

    // JSON's own member types written directly: the generic path below casts each value
    // dynamically and builds a coding path, for members that can never fail.
    mutating func encode(_ value: String, forKey key: Key) throws { slot.member(key.stringValue).content = .value(.string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.member(key.stringValue).content = .value(.bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.member(key.stringValue).content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        slot.member(key.stringValue).content = .value(.number(Double(value)))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try write(value, into: slot.member(key.stringValue), at: codingPath + [key])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        JSONValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONValueEncoder(slot: slot, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var count: Int {
        if case .array(let items) = slot.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { slot.appended().content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = codingPath + [IndexKey(count)]
        try write(value, into: slot.appended(), at: path)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoder(slot: slot.appended(), codingPath: codingPath + [IndexKey(count)]).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONValueEncoder(slot: slot.appended(), codingPath: codingPath + [IndexKey(count)]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { JSONValueEncoder(slot: slot.appended(), codingPath: codingPath + [IndexKey(count)]) }
}

private struct SingleValue: SingleValueEncodingContainer {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.content = .value(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try write(value, into: slot, at: codingPath) }
}
