/// The `Decoder` behind ``StrictJSONDecoder``: walks an already parsed ``JSONValue``.
struct JSONValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let options: StrictJSONDecoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch(expected: "an object", at: codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath, options: options))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch(expected: "an array", at: codingPath) }
        return UnkeyedContainer(items: items, codingPath: codingPath, options: options)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(value: value, codingPath: codingPath, options: options)
    }

    func mismatch(expected: String, at path: [any CodingKey]) -> DecodingError {
        DecodingError.typeMismatch(Any.self, .init(codingPath: path, debugDescription: "must be \(expected)"))
    }

    /// A string of at most `limit` UTF-8 bytes (what ``LongText`` reads with the long limit).
    func string(limit: Int) throws -> String {
        guard case .string(let text) = value else {
            if case .null = value {
                throw DecodingError.valueNotFound(String.self, .init(codingPath: codingPath, debugDescription: "must not be null"))
            }
            throw mismatch(expected: "a string", at: codingPath)
        }
        guard text.utf8.count <= limit else {
            throw StrictJSONDecodingError(
                path: StrictJSONDecodingError.path(codingPath), code: .tooLong, reason: "is longer than \(limit) bytes")
        }
        return text
    }
}

/// One position of an array, as a coding key (`Index 2`, printed `[2]` in paths).
struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    let options: StrictJSONDecoder

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }
    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func child(_ key: Key) throws -> JSONValueDecoder {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "is required"))
        }
        return JSONValueDecoder(value: value, codingPath: codingPath + [key], options: options)
    }

    func decodeNil(forKey key: Key) throws -> Bool { members[key.stringValue].map { $0 == .null } ?? true }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: child(key))
    }

    // A request's members are mostly strings and optionals: these read them with one lookup
    // and no child decoder (whose coding path and boxed container are built only to report a
    // failure), where the defaults look a member up three times and box a container for each.

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        if case .string(let text)? = members[key.stringValue], text.utf8.count <= options.maxStringBytes { return text }
        return try child(key).string(limit: options.maxStringBytes)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        if case .string(let text) = value, text.utf8.count <= options.maxStringBytes { return text }
        return try JSONValueDecoder(value: value, codingPath: codingPath + [key], options: options).string(limit: options.maxStringBytes)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try T(from: JSONValueDecoder(value: value, codingPath: codingPath + [key], options: options))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try child(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(value: .object(members), codingPath: codingPath, options: options)
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    let options: StrictJSONDecoder
    var currentIndex = 0

    init(items: [JSONValue], codingPath: [any CodingKey], options: StrictJSONDecoder) {
        self.items = items
        self.codingPath = codingPath
        self.options = options
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func next() throws -> JSONValueDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array ends here"))
        }
        defer { currentIndex += 1 }
        return JSONValueDecoder(value: items[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)], options: options)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next() }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let options: StrictJSONDecoder

    var decoder: JSONValueDecoder { JSONValueDecoder(value: value, codingPath: codingPath, options: options) }

    func decodeNil() -> Bool { value == .null }

    func notNull<T>(_ type: T.Type) throws {
        if value == .null {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "must not be null"))
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try notNull(type)
        guard case .bool(let flag) = value else { throw decoder.mismatch(expected: "a boolean", at: codingPath) }
        return flag
    }

    func decode(_ type: String.Type) throws -> String { try decoder.string(limit: options.maxStringBytes) }

    func decode(_ type: Double.Type) throws -> Double {
        try notNull(type)
        guard case .number(let number) = value else { throw decoder.mismatch(expected: "a number", at: codingPath) }
        return number
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        guard let exact = Float(exactly: number) else { throw decoder.mismatch(expected: "a 32-bit number", at: codingPath) }
        return exact
    }

    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let number = try decode(Double.self)
        guard let exact = I(exactly: number) else { throw decoder.mismatch(expected: "an integer in \(I.self)'s range", at: codingPath) }
        return exact
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try notNull(type)
        return try T(from: decoder)
    }
}
