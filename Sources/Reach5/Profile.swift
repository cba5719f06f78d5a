import Foundation

/// A profile as the SDK decodes it (snake_case → camelCase; the identifier from `uid`).
public struct Profile: Sendable, Codable, Equatable {
    public var uid: String?
    public var givenName: String?
    public var middleName: String?
    public var familyName: String?
    public var name: String?
    public var nickname: String?
    public var birthdate: String?
    public var profileURL: String?
    public var picture: String?
    public var username: String?
    public var externalId: String?
    public var email: String?
    public var emailVerified: Bool?
    public var emails: Emails?
    public var phoneNumber: String?
    public var phoneNumberVerified: Bool?
    public var customIdentifier: String?
    public var gender: String?
    public var locale: String?
    public var bio: String?
    public var company: String?
    public var addresses: [ProfileAddress]?
    public var customFields: [String: CustomFieldValue]?
    public var consents: [String: Consent]?
    public var loginSummary: LoginSummary?
    public var liteOnly: Bool?
    public var createdAt: String?
    public var updatedAt: String?

    public init(
        uid: String? = nil, givenName: String? = nil, middleName: String? = nil, familyName: String? = nil, name: String? = nil,
        nickname: String? = nil, birthdate: String? = nil, profileURL: String? = nil, picture: String? = nil, username: String? = nil,
        email: String? = nil, phoneNumber: String? = nil, customIdentifier: String? = nil, gender: String? = nil, locale: String? = nil,
        bio: String? = nil, company: String? = nil, addresses: [ProfileAddress]? = nil, customFields: [String: CustomFieldValue]? = nil,
        consents: [String: Consent]? = nil, liteOnly: Bool? = nil
    ) {
        self.uid = uid
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.name = name
        self.nickname = nickname
        self.birthdate = birthdate
        self.profileURL = profileURL
        self.picture = picture
        self.username = username
        self.email = email
        self.phoneNumber = phoneNumber
        self.customIdentifier = customIdentifier
        self.gender = gender
        self.locale = locale
        self.bio = bio
        self.company = company
        self.addresses = addresses
        self.customFields = customFields
        self.consents = consents
        self.liteOnly = liteOnly
    }

    /// Every non-nil field as an update (`Diff.Update`), nil fields left alone.
    public func asUpdate() -> ProfileUpdate {
        ProfileUpdate(
            givenName: Diff(givenName), middleName: Diff(middleName), familyName: Diff(familyName), name: Diff(name),
            nickname: Diff(nickname), birthdate: Diff(birthdate), picture: Diff(picture), username: Diff(username),
            gender: Diff(gender), email: Diff(email), phoneNumber: Diff(phoneNumber), customIdentifier: Diff(customIdentifier),
            locale: Diff(locale), company: Diff(company))
    }
}

public struct ProfileAddress: Sendable, Codable, Equatable {
    public var title: String?
    public var isDefault: Bool?
    public var addressType: String?
    public var streetAddress: String?
    public var locality: String?
    public var region: String?
    public var postalCode: String?
    public var country: String?
    public var raw: String?
    public var deliveryNote: String?
    public var recipient: String?
    public var company: String?
    public var phoneNumber: String?

    enum CodingKeys: String, CodingKey {
        case title
        case isDefault = "default"
        case addressType, streetAddress, locality, region, postalCode, country, raw, deliveryNote, recipient, company, phoneNumber
    }

    public init(
        streetAddress: String? = nil, locality: String? = nil, region: String? = nil, postalCode: String? = nil, country: String? = nil
    ) {
        self.streetAddress = streetAddress
        self.locality = locality
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }
}

public struct Consent: Sendable, Codable, Equatable {
    public var granted: Bool
    public var consentType: String?
    public var date: String
    public init(granted: Bool, consentType: String? = nil, date: String) {
        self.granted = granted
        self.consentType = consentType
        self.date = date
    }
}

public struct LoginSummary: Sendable, Codable, Equatable {
    public var firstLogin: Int?
    public var lastLogin: Int?
    public var total: Int?
    public var origins: [String]?
    public var devices: [String]?
    public var lastProvider: String?
}

public struct Emails: Sendable, Codable, Equatable {
    public var verified: [String]?
    public var unverified: [String]?
}

/// A custom field's value: a string, a number, a boolean, or an array of these.
public enum CustomFieldValue: Sendable, Codable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case array([CustomFieldValue])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { // not a boolean: try the next type
            self = .bool(b)
        } else if let i = try? c.decode(Int.self) { // not an integer: try the next type
            self = .int(i)
        } else if let d = try? c.decode(Double.self) { // not a number: try the next type
            self = .double(d)
        } else if let s = try? c.decode(String.self) { // not a string: an array is left
            self = .string(s)
        } else {
            self = .array(try c.decode([CustomFieldValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .string(let v): try c.encode(v)
        case .int(let v): try c.encode(v)
        case .double(let v): try c.encode(v)
        case .bool(let v): try c.encode(v)
        case .array(let v): try c.encode(v)
        }
    }
}

extension JSONEncoder {
    /// The SDK's encoder: camelCase properties written as snake_case; nils omitted.
    static var reachFive: JSONEncoder {
        let e = JSONEncoder()
        e.keyEncodingStrategy = .convertToSnakeCase
        e.outputFormatting = [.sortedKeys]
        return e
    }
}
