import Foundation

/// Collected client data (WebAuthn L3 §5.8.1), always parsed as JSON: members may appear in any
/// order and unknown members are ignored, never matched against a template.
public struct CollectedClientData: Equatable, Sendable {
    public var type: String
    public var challenge: [UInt8]
    public var origin: String
    public var crossOrigin: Bool?
    public var topOrigin: String?
    /// `tokenBinding.status` when present (a removed L2 member some RPs still check).
    public var tokenBindingStatus: String?

    public static let maximumLength = 64 * 1024

    public init(type: String, challenge: [UInt8], origin: String, crossOrigin: Bool? = false, topOrigin: String? = nil) {
        self.type = type; self.challenge = challenge; self.origin = origin
        self.crossOrigin = crossOrigin; self.topOrigin = topOrigin
    }

    public init(json bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else { throw .malformedClientData("larger than 64 KiB") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .malformedClientData("not UTF-8") }
        let wire: Wire
        do { wire = try JSONDecoder().decode(Wire.self, from: Data(bytes)) } catch let DecodingError.typeMismatch(_, ctx) {
            throw .malformedClientData("\(ctx.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch let DecodingError.keyNotFound(key, _) {
            throw .malformedClientData("\(key.stringValue) is missing")
        } catch {
            throw .malformedClientData("not a JSON object")
        }
        guard let decoded = Base64URL.decode(wire.challenge) else { throw .malformedClientData("challenge is not base64url") }
        type = wire.type
        challenge = decoded
        origin = wire.origin
        crossOrigin = wire.crossOrigin
        topOrigin = wire.topOrigin
        tokenBindingStatus = wire.tokenBinding?.status ?? nil
    }

    private struct Wire: Decodable {
        /// L2 defined an object with a status; old Firefox sent the string "unused". L3 removed the
        /// member, so only the object form is checked and anything else is ignored.
        struct TokenBinding: Decodable {
            var status: String?
            init(from decoder: Decoder) throws {
                struct Object: Decodable { var status: String }
                if let object = try? Object(from: decoder) {
                    status = object.status
                } else if (try? decoder.singleValueContainer().decode(String.self)) != nil {
                    status = nil
                } else {
                    throw DecodingError.typeMismatch(Object.self, .init(codingPath: decoder.codingPath, debugDescription: "tokenBinding must be an object with a status"))
                }
            }
        }
        var type: String
        var challenge: String
        var origin: String
        var crossOrigin: Bool?
        var topOrigin: String?
        var tokenBinding: TokenBinding?
    }

    /// The serialization browsers produce (L3 §5.8.1.1): type, challenge, origin, crossOrigin,
    /// then topOrigin when cross-origin, with JSON string escaping of each value.
    public var jsonBytes: [UInt8] {
        var s = "{\"type\":" + Self.quote(type)
        s += ",\"challenge\":" + Self.quote(Base64URL.encode(challenge))
        s += ",\"origin\":" + Self.quote(origin)
        s += ",\"crossOrigin\":" + ((crossOrigin ?? false) ? "true" : "false")
        if let topOrigin { s += ",\"topOrigin\":" + Self.quote(topOrigin) }
        s += "}"
        return Array(s.utf8)
    }

    /// CCDToString from the spec: a JSON string with the minimal escapes.
    static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

