/// A member whose IDL type is a DOMString holding one of a WebAuthn enumeration's values
/// (L3 §2.1.1). Clients must ignore a value they do not know, acting as if the member were
/// absent, so an unknown value decodes without error: `known` is nil and `rawValue` keeps
/// it, so the JSON round-trips unchanged.
public struct OpenEnumeration<Known: RawRepresentable & Sendable & Hashable>: Codable, Hashable, Sendable
where Known.RawValue == String {
    public let rawValue: String

    public init(_ known: Known) { rawValue = known.rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The value, when this client knows it.
    public var known: Known? { Known(rawValue: rawValue) }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
