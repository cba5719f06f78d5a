import Encoding
import Foundation

/// Strict decoding and stable encoding of the L3 JSON forms.
public enum WebAuthnJSON {
    public static let maximumLength = 1 << 20

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(WebAuthnError) -> T {
        guard bytes.count <= maximumLength else { throw .malformedJSON("input larger than \(maximumLength) bytes") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let DecodingError.keyNotFound(key, ctx) {
            throw .malformedJSON("\(path(ctx.codingPath + [key])) is missing")
        } catch let DecodingError.typeMismatch(_, ctx) {
            throw .malformedJSON("\(path(ctx.codingPath)) has the wrong type")
        } catch let DecodingError.valueNotFound(_, ctx) {
            throw .malformedJSON("\(path(ctx.codingPath)) is null")
        } catch let DecodingError.dataCorrupted(ctx) {
            if ctx.codingPath.isEmpty { throw .malformedJSON("not valid JSON") }
            throw .malformedJSON("\(path(ctx.codingPath)): \(ctx.debugDescription)")
        } catch {
            throw .malformedJSON("not valid JSON")
        }
    }

    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these value types cannot fail: every member is a string, number, bool or array.
        let bytes = Array((try? encoder.encode(value)) ?? Data())
        return pretty ? JSONText.collapsingEmptyContainers(bytes) : bytes
    }

    static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "document" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
