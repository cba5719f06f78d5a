import Encoding
import Foundation

/// An account as the wire shows it: the `Profile` of userinfo and update-profile (identifier
/// in `uid`, numeric `login_summary`, typed consents), and the OIDC claims of an id_token.
enum ProfileClaims {
    static func iso8601(_ seconds: Int64) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// - Parameter authTypes: `auth_types` (`IdentityStore.authTypes(of:in:)`), left out when nil.
    static func profile(_ a: Account, authTypes: [String]? = nil) -> JSONValue {
        var o = a.profile
        if let authTypes { o["auth_types"] = .array(authTypes.map { .string($0) }) }
        o["uid"] = .string(a.id)
        if let email = a.email {
            o["email"] = .string(email)
            o["email_verified"] = .bool(a.emailVerified)
            o["emails"] = .object([
                "verified": .array(a.emailVerified ? [.string(email)] : []),
                "unverified": .array(a.emailVerified ? [] : [.string(email)]),
            ])
        }
        if let phone = a.phoneNumber {
            o["phone_number"] = .string(phone)
            o["phone_number_verified"] = .bool(a.phoneNumberVerified)
        }
        if let ci = a.customIdentifier { o["custom_identifier"] = .string(ci) }
        o["has_password"] = .bool(a.passwordHash != nil)
        o["created_at"] = .string(iso8601(a.createdAt))
        o["updated_at"] = .string(iso8601(a.updatedAt))
        o["logins_count"] = .number(Double(a.loginsCount))
        if let first = a.firstLogin, let last = a.lastLogin {
            var summary: [String: JSONValue] = [
                "first_login": .number(Double(first) * 1000), "last_login": .number(Double(last) * 1000),
                "total": .number(Double(a.loginsCount)),
            ]
            if let type = a.lastLoginType { summary["last_provider"] = .string(type) }
            o["login_summary"] = .object(summary)
            o["first_login"] = .string(iso8601(first))
            o["last_login"] = .string(iso8601(last))
            if let type = a.lastLoginType { o["last_login_type"] = .string(type) }
        }
        return .object(o)
    }

    /// OIDC standard claims the granted scopes release (OpenID Connect Core §5.4).
    static func idTokenClaims(_ a: Account, scope: [String]) -> [String: JSONValue] {
        var c: [String: JSONValue] = ["sub": .string(a.id)]
        if scope.contains("profile") {
            for (claim, field) in [
                ("name", "name"), ("given_name", "given_name"), ("family_name", "family_name"),
                ("middle_name", "middle_name"), ("nickname", "nickname"), ("preferred_username", "username"),
                ("picture", "picture"), ("gender", "gender"), ("birthdate", "birthdate"), ("locale", "locale"),
                ("website", "website"), ("zoneinfo", "zoneinfo"),
            ] {
                if case .string(let v)? = a.profile[field] { c[claim] = .string(v) }
            }
            c["updated_at"] = .number(Double(a.updatedAt))
        }
        if scope.contains("email"), let email = a.email {
            c["email"] = .string(email)
            c["email_verified"] = .bool(a.emailVerified)
        }
        if scope.contains("phone"), let phone = a.phoneNumber {
            c["phone_number"] = .string(phone)
            c["phone_number_verified"] = .bool(a.phoneNumberVerified)
        }
        if scope.contains("address"), case .array(let addresses)? = a.profile["addresses"], let first = addresses.first,
            case .object(let address) = first
        {
            var claim: [String: JSONValue] = [:]
            for key in ["formatted", "street_address", "locality", "region", "postal_code", "country"] {
                if case .string(let v)? = address[key] { claim[key] = .string(v) }
            }
            c["address"] = .object(claim)
        }
        return c
    }
}
