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
        self.type = type
        self.challenge = challenge
        self.origin = origin
        self.crossOrigin = crossOrigin
        self.topOrigin = topOrigin
    }

    public init(json bytes: [UInt8]) throws(WebAuthnError) {
        guard bytes.count <= Self.maximumLength else { throw .malformedClientData("larger than 64 KiB") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .malformedClientData("not UTF-8") }
        let json: JSONValue
        do { json = try StrictJSON.parse(bytes) } catch { throw .malformedClientData("\(error)") }
        guard case .object = json else { throw .malformedClientData("not a JSON object") }
        func string(_ key: String) throws(WebAuthnError) -> String {
            guard let v = json[key] else { throw .malformedClientData("\(key) is missing") }
            guard let s = v.stringValue else { throw .malformedClientData("\(key) has the wrong type") }
            return s
        }
        type = try string("type")
        let challengeText = try string("challenge")
        origin = try string("origin")
        guard let decoded = Base64URL.decode(challengeText) else { throw .malformedClientData("challenge is not base64url") }
        challenge = decoded
        switch json["crossOrigin"] {
        case nil: crossOrigin = nil
        case .bool(let b)?: crossOrigin = b
        default: throw .malformedClientData("crossOrigin has the wrong type")
        }
        switch json["topOrigin"] {
        case nil: topOrigin = nil
        case .string(let s)?: topOrigin = s
        default: throw .malformedClientData("topOrigin has the wrong type")
        }
        // L2 defined tokenBinding as an object with a status; old Firefox sent the string
        // "unused". L3 removed the member, so only the object form is checked.
        switch json["tokenBinding"] {
        case nil, .string?: tokenBindingStatus = nil
        case .object(let o)?:
            guard let status = o["status"]?.stringValue else { throw .malformedClientData("tokenBinding.status is missing") }
            tokenBindingStatus = status
        default: throw .malformedClientData("tokenBinding has the wrong type")
        }
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
