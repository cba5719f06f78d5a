import Encoding
import Foundation

/// The id_token's claims, as the SDK's `OpenIdUser` (`sub` → `id`).
public struct OpenIdUser: Sendable, Codable, Equatable {
    public var id: String?
    public var name: String?
    public var preferredUsername: String?
    public var givenName: String?
    public var familyName: String?
    public var middleName: String?
    public var nickname: String?
    public var picture: String?
    public var website: String?
    public var email: String?
    public var emailVerified: Bool?
    public var gender: String?
    public var zoneinfo: String?
    public var locale: String?
    public var phoneNumber: String?
    public var phoneNumberVerified: Bool?
    public var address: ProfileAddress?

    /// The SDK's reading: exactly three dot-separated parts, the second base64url JSON; claims
    /// typed as the model says, or the whole login fails.
    static func fromIdToken(_ token: String) throws(ReachFiveError) -> OpenIdUser {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(String(parts[1])),
            // Not JSON is "idToken invalid", whatever the parser's reason.
            case .object(let c)? = try? StrictJSON.parse(payload, maxDepth: 32)
        else {
            throw .TechnicalError(reason: "idToken invalid")
        }
        func string(_ key: String) throws(ReachFiveError) -> String? {
            switch c[key] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            default: throw .TechnicalError(reason: "typeMismatch: \(key) is not a string")
            }
        }
        func bool(_ key: String) throws(ReachFiveError) -> Bool? {
            switch c[key] {
            case nil, .null?: return nil
            case .bool(let b)?: return b
            default: throw .TechnicalError(reason: "typeMismatch: \(key) is not a boolean")
            }
        }
        var user = OpenIdUser()
        user.id = try string("sub")
        user.name = try string("name")
        user.preferredUsername = try string("preferred_username")
        user.givenName = try string("given_name")
        user.familyName = try string("family_name")
        user.middleName = try string("middle_name")
        user.nickname = try string("nickname")
        user.picture = try string("picture")
        user.website = try string("website")
        user.email = try string("email")
        user.emailVerified = try bool("email_verified")
        user.gender = try string("gender")
        user.zoneinfo = try string("zoneinfo")
        user.locale = try string("locale")
        user.phoneNumber = try string("phone_number")
        user.phoneNumberVerified = try bool("phone_number_verified")
        switch c["address"] {
        case nil, .null?: break
        case .object(let address)?:
            do { user.address = try ResponseDecoder.decode(ProfileAddress.self, from: .object(address)) } catch {
                throw .TechnicalError(reason: "typeMismatch: address")
            }
        default: throw .TechnicalError(reason: "typeMismatch: address is not an object")
        }
        return user
    }
}
