import Encoding
import Foundation

/// Reads the profile object of signup (`data`) and passkey signup (`profile`): identifiers
/// normalized and checked, the other fields type-checked and kept as given.
enum ProfileInput {
    static func email(_ raw: String) throws(APIError) -> String {
        guard let e = EmailAddress.normalized(raw) else {
            throw APIError(
                .badRequest, "invalid_request", "Valid email required", key: .invalidEmail,
                details: [FieldError(field: "email", message: "Valid email required", code: "email")])
        }
        return e
    }

    static func phoneNumber(_ raw: String, env: ServerEnvironment) throws(APIError) -> String {
        guard let p = PhoneNumbers.e164(raw, region: env.configuration.defaultCountry) else {
            throw APIError(
                .badRequest, "invalid_request", "Valid phone number required", key: .invalidPhoneNumber,
                details: [FieldError(field: "phone_number", message: "Valid phone number required", code: "phone_number")])
        }
        return p
    }

    /// The normalized custom identifier (see CustomIdentifier), or a 400 saying what is wrong.
    static func customIdentifier(_ raw: String) throws(APIError) -> String {
        do { return try CustomIdentifier.normalize(raw) } catch {
            switch error {
            case .length:
                throw APIError.invalidRequest("custom_identifier must be 4 to 80 characters", field: "custom_identifier", code: "length")
            case .invisible:
                throw APIError.invalidRequest(
                    "custom_identifier must not contain invisible characters, separators other than single inner spaces, or unassigned code points",
                    field: "custom_identifier", code: "invalid_characters")
            case .mixedScripts:
                throw APIError.invalidRequest(
                    "custom_identifier must not mix Latin letters with Greek or Cyrillic ones", field: "custom_identifier",
                    code: "confusable")
            }
        }
    }

    static func draft(_ body: JSONBody, env: ServerEnvironment) throws(APIError) -> AccountDraft {
        var d = AccountDraft()
        if let e = try body.string("email", maxLength: 320) { d.email = try email(e) }
        if let p = try body.string("phone_number", maxLength: 64) { d.phoneNumber = try phoneNumber(p, env: env) }
        if let c = try body.string("custom_identifier", maxLength: 400) { d.customIdentifier = try customIdentifier(c) }
        guard d.email != nil || d.phoneNumber != nil || d.customIdentifier != nil else {
            throw APIError.invalidRequest("An email, phone_number or custom_identifier is required", field: "email", code: "required")
        }
        for field in Account.stringFields {
            if let v = try body.string(field, maxLength: 2048) { d.profile[field] = .string(v) }
        }
        if let lite = try body.bool("lite_only") { d.profile["lite_only"] = .bool(lite) }
        d.profile.merge(try structured(body, now: env.now), uniquingKeysWith: { $1 })
        return d
    }

    /// `addresses`, `custom_fields` and `consents`, checked for the types the SDK decodes.
    static func structured(_ body: JSONBody, now: Int64) throws(APIError) -> [String: JSONValue] {
        var out: [String: JSONValue] = [:]
        switch body.members["addresses"] {
        case nil, .null?: break
        case .array(let items)? where items.count <= 20:
            for item in items {
                guard case .object(let o) = item,
                    o.values.allSatisfy({
                        if case .object = $0 { return false }
                        if case .array = $0 { return false }
                        return true
                    })
                else {
                    throw APIError.invalidRequest("addresses must be an array of flat objects", field: "addresses", code: "type")
                }
            }
            out["addresses"] = .array(items)
        default: throw APIError.invalidRequest("addresses must be an array of at most 20 objects", field: "addresses", code: "type")
        }
        switch body.members["custom_fields"] {
        case nil, .null?: break
        case .object(let o)? where o.count <= 100:
            for (key, value) in o where !isCustomFieldValue(value) {
                throw APIError.invalidRequest(
                    "custom_fields.\(key) must be a string, number, boolean or an array of these", field: "custom_fields", code: "type")
            }
            out["custom_fields"] = .object(o)
        default:
            throw APIError.invalidRequest("custom_fields must be an object of at most 100 fields", field: "custom_fields", code: "type")
        }
        switch body.members["consents"] {
        case nil, .null?: break
        case .object(let o)? where o.count <= 100:
            var consents: [String: JSONValue] = [:]
            for (key, value) in o {
                guard case .object(let c) = value, case .bool(let granted)? = c["granted"] else {
                    throw APIError.invalidRequest("consents.\(key) needs a boolean granted", field: "consents", code: "type")
                }
                var consent: [String: JSONValue] = [
                    "granted": .bool(granted),
                    "date": .string(ProfileClaims.iso8601(now)),
                ]
                if case .string(let date)? = c["date"] { consent["date"] = .string(date) }
                if case .string(let type)? = c["consent_type"] { consent["consent_type"] = .string(type) }
                consents[key] = .object(consent)
            }
            out["consents"] = .object(consents)
        default: throw APIError.invalidRequest("consents must be an object", field: "consents", code: "type")
        }
        return out
    }

    static func isCustomFieldValue(_ v: JSONValue) -> Bool {
        switch v {
        case .string, .number, .bool: return true
        case .array(let items):
            return items.allSatisfy {
                if case .array = $0 { return false }
                if case .object = $0 { return false }
                return $0 != .null
            }
        default: return false
        }
    }

    /// Refuses a password below the configured zxcvbn score (the profile's own words count
    /// against it).
    static func checkStrength(_ password: String, draft: AccountDraft?, env: ServerEnvironment) throws(APIError) {
        guard password.utf8.count <= 256 else {
            throw APIError.invalidRequest("password is longer than 256 bytes", field: "password", code: "too_long")
        }
        var inputs: [String] = []
        if let d = draft {
            inputs += [d.email, d.phoneNumber, d.customIdentifier].compactMap { $0 }
            if let local = d.email?.split(separator: "@").first { inputs.append(String(local)) }
            for field in ["given_name", "family_name", "name", "nickname"] { if let v = d.profile[field]?.stringValue { inputs.append(v) } }
        }
        let score = PasswordStrength.score(password, userInputs: inputs)
        guard score >= env.configuration.passwordMinimumScore else {
            throw APIError(
                .badRequest, "password_too_weak",
                "Password too weak (score \(score), at least \(env.configuration.passwordMinimumScore) required)",
                key: .passwordTooWeak, details: [FieldError(field: "password", message: "Password too weak", code: "password_too_weak")])
        }
    }
}
