import Encoding
import Foundation

/// How the SDK reads a server's answer: strict JSON (duplicate members, invalid UTF-8 and
/// trailing content refused), snake_case member names read as the models' camelCase properties
/// at every depth (the SDK's `convertFromSnakeCase`), unknown members ignored, and every
/// failure naming the member it concerns.
enum ResponseDecoder {
    /// A response is bounded by what the server sent; strings (tokens, custom fields) are not
    /// held to a request body's limit.
    static let strict = StrictJSONDecoder(maxDepth: 64, maxStringBytes: 1 << 20, maxLongStringBytes: 1 << 20)

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(StrictJSONDecodingError) -> T {
        let value: JSONValue
        do { value = try StrictJSON.parse(Array(body), maxDepth: strict.maxDepth) } catch {
            throw StrictJSONDecodingError(path: "", code: .syntax, reason: "not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        return try decode(type, from: value)
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(StrictJSONDecodingError) -> T {
        try strict.decode(type, from: JSONKeyCase.camelCased(value))
    }
}
