import Encoding
import Foundation

/// The id_token's claims, as the SDK's `OpenIdUser` (`sub` -> `id`).
public class OpenIdUser: Codable, @unchecked Sendable {
    public let id: String?
    public let name: String?
    public let preferredUsername: String?
    public let givenName: String?
    public let familyName: String?
    public let middleName: String?
    public let nickname: String?
    public let picture: String?
    public let website: String?
    public let email: String?
    public let emailVerified: Bool?
    public let gender: String?
    public let zoneinfo: String?
    public let locale: String?
    public let phoneNumber: String?
    public let phoneNumberVerified: Bool?
    public let address: ProfileAddress?
    /// B.connect's claim (11.0).
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let cico: String?

    public init(
        id: String?, name: String?, preferredUsername: String?, givenName: String?, familyName: String?, middleName: String?,
        nickname: String?, picture: String?, website: String?, email: String?, emailVerified: Bool?, gender: String?,
        zoneinfo: String?, locale: String?, phoneNumber: String?, phoneNumberVerified: Bool?, address: ProfileAddress?,
        cico: String? = nil
    ) {
        self.id = id
        self.name = name
        self.preferredUsername = preferredUsername
        self.givenName = givenName
        self.familyName = familyName
        self.middleName = middleName
        self.nickname = nickname
        self.picture = picture
        self.website = website
        self.email = email
        self.emailVerified = emailVerified
        self.gender = gender
        self.zoneinfo = zoneinfo
        self.locale = locale
        self.phoneNumber = phoneNumber
        self.phoneNumberVerified = phoneNumberVerified
        self.address = address
        self.cico = cico
    }

    /// The SDK's reading: exactly three dot-separated parts, the second base64url JSON; claims
    /// typed as the model says, or the whole login fails.
    static func fromIdToken(_ token: String) throws(ReachFiveError) -> OpenIdUser {
        // On the bytes: splitting the String walks its grapheme clusters (most of a login's
        // token handling, for a token of a thousand characters).
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(String(decoding: parts[1], as: UTF8.self)),
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
        var address: ProfileAddress?
        switch c["address"] {
        case nil, .null?: break
        case .object(let object)?:
            do { address = try ResponseDecoder.decode(ProfileAddress.self, from: .object(object)) } catch {
                throw .TechnicalError(reason: "typeMismatch: address")
            }
        default: throw .TechnicalError(reason: "typeMismatch: address is not an object")
        }
        return OpenIdUser(
            id: try string("sub"), name: try string("name"), preferredUsername: try string("preferred_username"),
            givenName: try string("given_name"), familyName: try string("family_name"), middleName: try string("middle_name"),
            nickname: try string("nickname"), picture: try string("picture"), website: try string("website"),
            email: try string("email"), emailVerified: try bool("email_verified"), gender: try string("gender"),
            zoneinfo: try string("zoneinfo"), locale: try string("locale"), phoneNumber: try string("phone_number"),
            phoneNumberVerified: try bool("phone_number_verified"), address: address, cico: try string("cico"))
    }
}
