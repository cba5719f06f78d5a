import Encoding
import Foundation

/// `addresses`, `custom_fields` and `consents` as the SDK sends them (its `ProfileAddress`,
/// `CustomField` and `Consent` models, snake_case) and as ReachFive documents them: checked
/// member by member, stored in the same shape, refused with the member's whole path
/// (`addresses[0].address_type`, `custom_fields.tier`, `consents.news.granted`).
extension ProfileInput {
    /// The string members of an address (the SDK's `ProfileAddress` at 8.2.0 and 11.0.0, plus
    /// OIDC's `formatted`). Members it does not know are dropped.
    static let addressStrings = [
        "title", "address_type", "street_address", "address_complement", "locality", "region", "postal_code", "country", "raw",
        "delivery_note", "recipient", "company", "phone_number", "formatted",
    ]
    /// Address members that, when present, may not be empty (ReachFive's models page).
    static let nonEmptyAddressStrings: Set<String> = ["title", "street_address", "country"]
    static let addressTypes = ["delivery", "billing"]
    static let consentTypes = ["opt-in", "opt-out"]

    /// The checked `addresses`, `custom_fields` and `consents` members (those given).
    static func structured(
        addresses: [JSONValue]?, customFields: [String: JSONValue]?, consents: [String: JSONValue]?, now: Int64
    ) throws(APIError) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        if let items = addresses {
            guard items.count <= 20 else {
                throw APIError.invalidRequest("addresses must be an array of at most 20 objects", field: "addresses", code: "type")
            }
            var checked: [JSONValue] = []
            for (index, item) in items.enumerated() { checked.append(try address(item, path: "addresses[\(index)]")) }
            let defaults = checked.filter { if case .object(let o) = $0 { return o["default"] == .bool(true) } else { return false } }
            guard defaults.count <= 1 else {
                throw APIError.invalidRequest("Only one address can be the default address", field: "addresses", code: "default")
            }
            out["addresses"] = .array(checked)
        }
        if let o = customFields { out["custom_fields"] = .object(try Self.customFields(o, path: "custom_fields")) }
        if let o = consents {
            guard o.count <= 100 else {
                throw APIError.invalidRequest("consents must be an object of at most 100 consents", field: "consents", code: "type")
            }
            var typed: [String: JSONValue] = [:]
            for (key, value) in o { typed[key] = try consent(value, path: "consents.\(key)", now: now) }
            out["consents"] = .object(typed)
        }
        return out
    }

    /// One address: its string members strings (null drops one), `default` a boolean,
    /// `address_type` delivery or billing, `custom_fields` flat.
    static func address(_ item: JSONValue, path: String) throws(APIError) -> JSONValue {
        guard case .object(let o) = item else {
            throw APIError.invalidRequest("\(path) must be an object", field: path, code: "type")
        }
        var out: [String: JSONValue] = [:]
        for key in addressStrings {
            switch o[key] {
            case nil, .null?: continue
            case .string(let v)?:
                _ = try limited(v, "\(path).\(key)", max: 2048)
                if nonEmptyAddressStrings.contains(key), v.isEmpty {
                    throw APIError.invalidRequest("\(path).\(key) must not be empty", field: "\(path).\(key)", code: "required")
                }
                if key == "address_type", !addressTypes.contains(v) {
                    throw APIError.invalidRequest(
                        "\(path).address_type must be delivery or billing", field: "\(path).address_type", code: "enum")
                }
                out[key] = .string(v)
            default: throw APIError.invalidRequest("\(path).\(key) must be a string", field: "\(path).\(key)", code: "type")
            }
        }
        switch o["default"] {
        case nil, .null?: break
        case .bool(let b)?: out["default"] = .bool(b)
        default: throw APIError.invalidRequest("\(path).default must be a boolean", field: "\(path).default", code: "type")
        }
        switch o["custom_fields"] {
        case nil, .null?: break
        case .object(let fields)?: out["custom_fields"] = .object(try customFields(fields, path: "\(path).custom_fields"))
        default:
            throw APIError.invalidRequest("\(path).custom_fields must be an object", field: "\(path).custom_fields", code: "type")
        }
        return .object(out)
    }

    /// Custom fields: at most 100, each a string, number, boolean or an array of these (the
    /// SDK's `CustomField`; ReachFive has no nested objects).
    static func customFields(_ o: [String: JSONValue], path: String) throws(APIError) -> [String: JSONValue] {
        guard o.count <= 100 else {
            throw APIError.invalidRequest("\(path) must be an object of at most 100 fields", field: path, code: "type")
        }
        for (key, value) in o where key.isEmpty || !isCustomFieldValue(value) {
            throw APIError.invalidRequest(
                "\(path).\(key) must be a string, number, boolean or an array of these", field: "\(path).\(key)", code: "type")
        }
        return o
    }

    static func isCustomFieldValue(_ v: JSONValue) -> Bool {
        switch v {
        case .string, .number, .bool: return true
        case .array(let items):
            return items.allSatisfy {
                switch $0 {
                case .string, .number, .bool: return true
                default: return false
                }
            }
        default: return false
        }
    }

    /// One consent: `granted` a boolean (required), `consent_type` opt-in or opt-out, `date` an
    /// ISO 8601 date or date-time (the SDK's `Consent` always sends one; now when absent).
    static func consent(_ value: JSONValue, path: String, now: Int64) throws(APIError) -> JSONValue {
        guard case .object(let c) = value else {
            throw APIError.invalidRequest("\(path) must be an object", field: path, code: "type")
        }
        guard case .bool(let granted)? = c["granted"] else {
            throw APIError.invalidRequest("\(path).granted must be a boolean", field: "\(path).granted", code: "required")
        }
        var consent: [String: JSONValue] = ["granted": .bool(granted), "date": .string(ProfileClaims.iso8601(now))]
        switch c["date"] {
        case nil, .null?: break
        case .string(let date)? where ProfileFieldRules.isTimestamp(date): consent["date"] = .string(date)
        default:
            throw APIError.invalidRequest("\(path).date must be an ISO 8601 date or date-time", field: "\(path).date", code: "date")
        }
        switch c["consent_type"] {
        case nil, .null?: break
        case .string(let type)? where consentTypes.contains(type): consent["consent_type"] = .string(type)
        default:
            throw APIError.invalidRequest(
                "\(path).consent_type must be opt-in or opt-out", field: "\(path).consent_type", code: "enum")
        }
        return .object(consent)
    }
}
