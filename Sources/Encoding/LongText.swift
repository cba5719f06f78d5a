/// A string member allowed past ``StrictJSONDecoder/maxStringBytes`` (up to
/// `maxLongStringBytes`): client data, attestation objects, identity tokens.
public struct LongText: Codable, Equatable, Sendable {
    public var text: String

    public init(_ text: String) { self.text = text }

    public init(from decoder: any Decoder) throws {
        if let strict = decoder as? JSONValueDecoder {
            text = try strict.string(limit: strict.options.maxLongStringBytes)
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
