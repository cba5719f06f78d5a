/// Any JSON, as a member of a `Codable` type: custom fields, claims passed through as they came.
extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        if let strict = decoder as? JSONValueDecoder {
            self = strict.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) { // not a boolean: try the next JSON type
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) { // not a number: try the next JSON type
            self = .number(number)
        } else if let text = try? container.decode(String.self) { // not a string: try the next JSON type
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) { // not an array: an object is left
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let items): try container.encode(items)
        case .object(let members): try container.encode(members)
        }
    }
}
