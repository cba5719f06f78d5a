import Foundation

/// A custom field's value, as the SDK's `CustomField`: a string, an integer, a number, a boolean,
/// or an array of these.
public enum CustomField: Codable, Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([CustomField])

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        }
    }

    /// Reads the value as the SDK does (the first type that fits), except that a boolean is tried
    /// first: Latchkey's strict decoder never reads `true` as a number nor `1` as a boolean, so
    /// the order gives the SDK's result for every JSON value.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { // not a boolean: try the next type
            self = .bool(value)
        } else if let value = try? container.decode(String.self) { // not a string: try the next type
            self = .string(value)
        } else if let value = try? container.decode(Int.self) { // not an integer: try the next type
            self = .int(value)
        } else if let value = try? container.decode(Double.self) { // not a number: try the next type
            self = .double(value)
        } else if let value = try? container.decode([CustomField].self) { // not an array: the error below
            self = .array(value)
        } else {
            throw DecodingError.typeMismatch(
                CustomField.self, DecodingError.Context(codingPath: container.codingPath, debugDescription: "Not a JSON"))
        }
    }
}

/// The name Latchkey used before it took the SDK's.
@available(*, deprecated, renamed: "CustomField")
public typealias CustomFieldValue = CustomField
