import Foundation

/// The SDK's request and model bodies: encoded as its encoder writes them (camelCase properties as
/// snake_case keys, nil optionals absent, dates as milliseconds), then read as a dictionary.
public protocol DictionaryEncodable: Encodable {}

extension DictionaryEncodable {
    public func dictionary() -> [String: Any]? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .millisecondsSince1970
        // An unencodable value (a non-finite number) has no dictionary form: nil, as in the SDK.
        guard let json = try? encoder.encode(self),
            // JSON the encoder just wrote always parses; a non-object top level is nil.
            let dict = try? JSONSerialization.jsonObject(with: json) as? [String: Any]
        else { return nil }
        return dict
    }
}
