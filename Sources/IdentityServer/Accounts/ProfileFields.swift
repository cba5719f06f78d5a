import Encoding

/// The profile object a new account starts from: signup's `data`, passkey signup's `profile`
/// and the emulator's accounts. Identifiers and the plain string fields (`Account.stringFields`)
/// are strings; `addresses`, `custom_fields` and `consents` keep their JSON as sent until
/// `draft` checks them. Null reads as absent; unknown keys are ignored.
struct ProfileFields: Codable, Sendable, Equatable {
    var email: String?
    var phoneNumber: String?
    var customIdentifier: String?
    /// The fields of `Account.stringFields` that are present.
    var strings: [String: String] = [:]
    var liteOnly: Bool?
    var addresses: [JSONValue]?
    var customFields: [String: JSONValue]?
    var consents: [String: JSONValue]?

    init() {}

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: FieldKey.self)
        email = try c.decodeIfPresent(String.self, forKey: "email")
        phoneNumber = try c.decodeIfPresent(String.self, forKey: "phone_number")
        customIdentifier = try c.decodeIfPresent(String.self, forKey: "custom_identifier")
        for field in Account.stringFields {
            if let value = try c.decodeIfPresent(String.self, forKey: FieldKey(field)) { strings[field] = value }
        }
        liteOnly = try c.decodeIfPresent(Bool.self, forKey: "lite_only")
        addresses = try c.decodeIfPresent([JSONValue].self, forKey: "addresses")
        customFields = try c.decodeIfPresent([String: JSONValue].self, forKey: "custom_fields")
        consents = try c.decodeIfPresent([String: JSONValue].self, forKey: "consents")
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: FieldKey.self)
        try c.encodeIfPresent(email, forKey: "email")
        try c.encodeIfPresent(phoneNumber, forKey: "phone_number")
        try c.encodeIfPresent(customIdentifier, forKey: "custom_identifier")
        for (field, value) in strings { try c.encode(value, forKey: FieldKey(field)) }
        try c.encodeIfPresent(liteOnly, forKey: "lite_only")
        try c.encodeIfPresent(addresses, forKey: "addresses")
        try c.encodeIfPresent(customFields, forKey: "custom_fields")
        try c.encodeIfPresent(consents, forKey: "consents")
    }

    /// The account these fields describe: identifiers normalized (an email or a phone number
    /// required; a custom identifier only beside one), the documented field rules
    /// (ProfileFieldRules), lengths and structured fields checked, as every account-creating
    /// route requires.
    func draft(core: ServiceCore) throws(APIError) -> AccountDraft {
        var d = AccountDraft()
        if let e = try ProfileInput.limited(email, "email", max: 320) { d.email = try ProfileInput.email(e) }
        if let p = try ProfileInput.limited(phoneNumber, "phone_number", max: 64) {
            d.phoneNumber = try ProfileInput.phoneNumber(p, configuration: core.configuration)
        }
        if let c = try ProfileInput.limited(customIdentifier, "custom_identifier", max: 400) {
            d.customIdentifier = try ProfileInput.customIdentifier(c)
        }
        guard d.email != nil || d.phoneNumber != nil else {
            // ReachFive: a custom identifier is a login name beside an email or phone number,
            // never an account's only identifier.
            if d.customIdentifier != nil {
                throw APIError.invalidRequest(
                    "A custom_identifier needs an email or phone_number beside it", field: "email", code: "required")
            }
            throw APIError.invalidRequest("An email or phone_number is required", field: "email", code: "required")
        }
        for field in Account.stringFields {
            if let v = try ProfileInput.limited(strings[field], field, max: 2048) {
                try ProfileFieldRules.check(field, v, now: core.now)
                d.profile[field] = .string(v)
            }
        }
        if let liteOnly { d.profile["lite_only"] = .bool(liteOnly) }
        let structured = try ProfileInput.structured(
            addresses: addresses, customFields: customFields, consents: consents, now: core.now)
        d.profile.merge(structured, uniquingKeysWith: { $1 })
        return d
    }
}

extension ProfileFields {
    /// `draft(core:)` for fields sent as the body member `path` (signup's `data`, passkey
    /// signup's `profile`): a refusal names the member by its whole path (`data.gender`), as a
    /// decoding failure of the same body does.
    func draft(core: ServiceCore, at path: String) throws(APIError) -> AccountDraft {
        do throws(APIError) { return try draft(core: core) } catch { throw error.nested(under: path) }
    }
}

extension APIError {
    /// This error with each `error_details` field named under the body member `path`.
    func nested(under path: String) -> APIError {
        var nested = self
        nested.details = details.map { FieldError(field: "\(path).\($0.field)", message: $0.message, code: $0.code) }
        return nested
    }
}

/// A member name chosen at run time (the profile's string fields), as a coding key.
struct FieldKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init(stringLiteral name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
