import Foundation

/// What the hosted login page's forms post: the authorization request it completes (carried in
/// hidden fields), the page's anti-forgery token, and what the person typed: an identifier and a
/// password, an identifier for a code, a code (with the second factor's `challenge_id`).
struct HostedLoginForm: Decodable, Sendable {
    var authorize: AuthorizeQuery
    var csrf: String?
    var identifier: String?
    var password: String?
    var code: String?
    var challengeId: String?
    /// The passkey form's: the `tkn` the page's script got from the WebAuthn login, and whether
    /// it is a step-up token (`mfa_required`).
    var passkeyTkn: String?
    var mfaRequired: String?

    enum CodingKeys: String, CodingKey {
        case csrf, identifier, password, code
        case challengeId = "challenge_id"
        case passkeyTkn = "tkn"
        case mfaRequired = "mfa_required"
    }

    init(from decoder: any Decoder) throws {
        authorize = try AuthorizeQuery(from: decoder)
        // A login's proof is what the person did on this page, never one smuggled into the
        // authorization request (the passkey form's own tkn is `passkeyTkn`, read by its route only).
        (authorize.tkn, authorize.provider, authorize.idToken, authorize.prompt) = (nil, nil, nil, nil)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        csrf = try c.decodeIfPresent(String.self, forKey: .csrf)
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        password = try c.decodeIfPresent(String.self, forKey: .password)
        code = try c.decodeIfPresent(String.self, forKey: .code)
        challengeId = try c.decodeIfPresent(String.self, forKey: .challengeId)
        passkeyTkn = try c.decodeIfPresent(String.self, forKey: .passkeyTkn)
        mfaRequired = try c.decodeIfPresent(String.self, forKey: .mfaRequired)
    }

    /// The identifier as the login reads it: an email when it has an `@`, a phone number when it
    /// is digits (with `+`, spaces, dots, dashes or parentheses), a custom identifier otherwise.
    var loginIdentifier: LoginIdentifier {
        let text = (identifier ?? "").trimmingCharacters(in: .whitespaces)
        if text.contains("@") { return LoginIdentifier(email: text) }
        let phoneCharacters = Set("+0123456789 .-()")
        if !text.isEmpty, text.contains(where: \.isNumber), text.allSatisfy(phoneCharacters.contains) {
            return LoginIdentifier(phoneNumber: text)
        }
        return LoginIdentifier(customIdentifier: text.isEmpty ? nil : text)
    }
}
