import Encoding
import Foundation

/// The profile rules every account route shares: identifiers normalized and checked, lengths
/// limited, the password strength rule (field rules: ProfileFieldRules; addresses, custom fields
/// and consents: ProfileStructured).
enum ProfileInput {
    static func email(_ raw: String) throws(APIError) -> String {
        guard let e = EmailAddress.normalized(raw) else {
            throw APIError(
                .badRequest, "invalid_request", "Valid email required", key: .invalidEmail,
                details: [FieldError(field: "email", message: "Valid email required", code: "email")])
        }
        return e
    }

    static func phoneNumber(_ raw: String, configuration: ServerConfiguration) throws(APIError) -> String {
        guard let p = PhoneNumbers.e164(raw, region: configuration.defaultCountry) else {
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

    /// `value` when it is at most `max` UTF-8 bytes; a longer one is a 400 naming `field`.
    static func limited(_ value: String?, _ field: String, max: Int) throws(APIError) -> String? {
        guard let value else { return nil }
        guard value.utf8.count <= max else {
            throw APIError.invalidRequest("\(field) is longer than \(max) bytes", field: field, code: "too_long")
        }
        return value
    }

    /// A required string member: absent, null and empty are all 400 `required` naming `field`.
    static func required(_ value: String?, _ field: String, max: Int) throws(APIError) -> String {
        guard let value = try limited(value, field, max: max), !value.isEmpty else {
            throw APIError.invalidRequest("\(field) is required", field: field, code: "required")
        }
        return value
    }

    /// Refuses a password below the configured zxcvbn score (the profile's own words count
    /// against it).
    static func checkStrength(_ password: String, draft: AccountDraft?, core: ServiceCore) throws(APIError) {
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
        guard score >= core.configuration.passwordMinimumScore else {
            throw APIError(
                .badRequest, "password_too_weak",
                "Password too weak (score \(score), at least \(core.configuration.passwordMinimumScore) required)",
                key: .passwordTooWeak, details: [FieldError(field: "password", message: "Password too weak", code: "password_too_weak")])
        }
    }
}
