/// Decodes `Decodable` types from JSON read by ``StrictJSON``: duplicate member names, invalid
/// UTF-8, nesting beyond the limit and trailing content are refused before any type sees them, a
/// number must fit its Swift type exactly (`1.5` is not an `Int`), and every failure names the
/// member it concerns (`address.postal_code`, `items[2]`), so an HTTP edge can answer with the
/// field in its error body.
///
/// Keys are the `CodingKeys`' raw values, with no key strategy: the wire's snake_case is spelled
/// out beside each type. An optional property treats an absent member and `null` alike; a
/// ``Presence`` property tells them apart.
public struct StrictJSONDecoder: Sendable {
    /// The deepest nesting accepted (arrays and objects each count one).
    public var maxDepth: Int
    /// The longest string a plain `String` may decode from, in UTF-8 bytes; a longer one is a
    /// `tooLong` failure. ``LongText`` and ``Base64URLBytes`` read past it up to `maxLongStringBytes`.
    public var maxStringBytes: Int
    public var maxLongStringBytes: Int

    public init(maxDepth: Int = 64, maxStringBytes: Int = 4096, maxLongStringBytes: Int = 256 * 1024) {
        self.maxDepth = maxDepth
        self.maxStringBytes = maxStringBytes
        self.maxLongStringBytes = maxLongStringBytes
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(StrictJSONDecodingError) -> T {
        let value: JSONValue
        do { value = try StrictJSON.parse(bytes, maxDepth: maxDepth) } catch {
            throw StrictJSONDecodingError(path: "", code: .syntax, reason: "not valid JSON: \(error.reason) at byte \(error.offset)")
        }
        return try decode(type, from: value)
    }

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws(StrictJSONDecodingError) -> T {
        do {
            return try T(from: JSONValueDecoder(value: value, codingPath: [], options: self))
        } catch let error as StrictJSONDecodingError {
            throw error
        } catch let error as DecodingError {
            throw StrictJSONDecodingError(error)
        } catch {
            throw StrictJSONDecodingError(path: "", code: .invalid, reason: "\(error)")
        }
    }
}

/// Why a JSON document did not decode, and where.
public struct StrictJSONDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// Not JSON at all (or beyond the nesting limit).
        case syntax
        /// A member the type needs is absent (or null where null is not allowed).
        case required
        /// A member of the wrong JSON type, or a number that does not fit.
        case type
        /// A string longer than allowed.
        case tooLong = "too_long"
        /// Well typed but not a valid value (a failed rule in a type's own `init(from:)`).
        case invalid
    }

    /// The member's path: `""` for the document, `redirect_url`, `address.postal_code`, `items[2]`.
    public var path: String
    public var code: Code
    public var reason: String

    public init(path: String, code: Code, reason: String) {
        self.path = path
        self.code = code
        self.reason = reason
    }

    public var description: String { path.isEmpty ? reason : "\(path): \(reason)" }

    /// Reads the standard library's error, which a type's own `init(from:)` may throw.
    init(_ error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), code: .required, reason: "is required")
        case .valueNotFound(_, let context):
            self.init(path: Self.path(context.codingPath), code: .required, reason: "must not be null")
        case .typeMismatch(_, let context):
            self.init(path: Self.path(context.codingPath), code: .type, reason: context.debugDescription)
        case .dataCorrupted(let context):
            self.init(path: Self.path(context.codingPath), code: .invalid, reason: context.debugDescription)
        @unknown default:
            self.init(path: "", code: .invalid, reason: "\(error)")
        }
    }

    /// `a.b[2].c`: member names joined by dots, array positions in brackets.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue == "Index \(index)" {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return out
    }
}
