import Foundation

/// The profile of a password signup (`data` of `/identity/v1/signup-token`).
public struct ProfileSignupRequest: Sendable, Codable, Equatable {
    public var password: String
    public var email: String?
    public var phoneNumber: String?
    public var customIdentifier: String?
    public var givenName: String?
    public var middleName: String?
    public var familyName: String?
    public var name: String?
    public var nickname: String?
    public var birthdate: String?
    public var profileURL: String?
    public var picture: String?
    public var username: String?
    public var gender: String?
    public var addresses: [ProfileAddress]?
    public var locale: String?
    public var bio: String?
    public var customFields: [String: CustomFieldValue]?
    public var consents: [String: Consent]?
    public var company: String?
    public var liteOnly: Bool?

    public init(
        givenName: String? = nil, middleName: String? = nil, familyName: String? = nil, name: String? = nil, nickname: String? = nil,
        birthdate: String? = nil, profileURL: String? = nil, picture: String? = nil, username: String? = nil, gender: String? = nil,
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, password: String,
        addresses: [ProfileAddress]? = nil, locale: String? = nil, bio: String? = nil, customFields: [String: CustomFieldValue]? = nil,
        consents: [String: Consent]? = nil, company: String? = nil, liteOnly: Bool? = nil
    ) {
        self.password = password
        self.email = email
        self.phoneNumber = phoneNumber
        self.customIdentifier = customIdentifier
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.name = name
        self.nickname = nickname
        self.birthdate = birthdate
        self.profileURL = profileURL
        self.picture = picture
        self.username = username
        self.gender = gender
        self.addresses = addresses
        self.locale = locale
        self.bio = bio
        self.customFields = customFields
        self.consents = consents
        self.company = company
        self.liteOnly = liteOnly
    }
}

/// The profile of a passkey signup (no password).
public struct ProfilePasskeySignupRequest: Sendable, Codable, Equatable {
    public var email: String?
    public var phoneNumber: String?
    public var customIdentifier: String?
    public var givenName: String?
    public var middleName: String?
    public var familyName: String?
    public var name: String?
    public var nickname: String?
    public var birthdate: String?
    public var picture: String?
    public var username: String?
    public var gender: String?
    public var locale: String?
    public var company: String?

    public init(
        givenName: String? = nil, middleName: String? = nil, familyName: String? = nil, name: String? = nil, nickname: String? = nil,
        birthdate: String? = nil, picture: String? = nil, username: String? = nil, gender: String? = nil, email: String? = nil,
        phoneNumber: String? = nil, customIdentifier: String? = nil, locale: String? = nil, company: String? = nil
    ) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.customIdentifier = customIdentifier
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.name = name
        self.nickname = nickname
        self.birthdate = birthdate
        self.picture = picture
        self.username = username
        self.gender = gender
        self.locale = locale
        self.company = company
    }
}
