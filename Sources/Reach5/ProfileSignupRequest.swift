import Foundation

/// The profile of a password signup (`data` of `/identity/v1/signup-token`), as the SDK's
/// `ProfileSignupRequest`: `password` first. Its other fields are a passkey signup's profile,
/// held as one (the two requests differ only by the password) and encoded beside the password
/// in one object, as the SDK sends it.
public class ProfileSignupRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let password: String
    /// Every field but the password.
    let profile: ProfilePasskeySignupRequest

    public var email: String? { profile.email }
    public var phoneNumber: String? { profile.phoneNumber }
    public var customIdentifier: String? { profile.customIdentifier }
    public var givenName: String? { profile.givenName }
    public var middleName: String? { profile.middleName }
    public var familyName: String? { profile.familyName }
    public var name: String? { profile.name }
    public var nickname: String? { profile.nickname }
    public var birthdate: String? { profile.birthdate }
    public var profileURL: String? { profile.profileURL }
    public var picture: String? { profile.picture }
    public var username: String? { profile.username }
    public var gender: String? { profile.gender }
    public var addresses: [ProfileAddress]? { profile.addresses }
    public var locale: String? { profile.locale }
    public var bio: String? { profile.bio }
    public var customFields: [String: CustomField]? { profile.customFields }
    public var consents: [String: Consent]? { profile.consents }
    public var company: String? { profile.company }
    public var liteOnly: Bool? { profile.liteOnly }

    public required init(
        password: String, email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, givenName: String? = nil,
        middleName: String? = nil, familyName: String? = nil, name: String? = nil, nickname: String? = nil, birthdate: String? = nil,
        profileURL: String? = nil, picture: String? = nil, username: String? = nil, gender: String? = nil,
        addresses: [ProfileAddress]? = nil, locale: String? = nil, bio: String? = nil, customFields: [String: CustomField]? = nil,
        consents: [String: Consent]? = nil, company: String? = nil, liteOnly: Bool? = nil
    ) {
        self.password = password
        profile = ProfilePasskeySignupRequest(
            email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier, givenName: givenName, middleName: middleName,
            familyName: familyName, name: name, nickname: nickname, birthdate: birthdate, profileURL: profileURL, picture: picture,
            username: username, gender: gender, addresses: addresses, locale: locale, bio: bio, customFields: customFields,
            consents: consents, company: company, liteOnly: liteOnly)
    }

    private enum CodingKeys: String, CodingKey { case password }

    public required init(from decoder: Decoder) throws {
        password = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .password)
        profile = try ProfilePasskeySignupRequest(from: decoder)
    }

    /// One object: the password, then the profile's fields (the keys never overlap).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(password, forKey: .password)
        try profile.encode(to: encoder)
    }
}
