import Foundation

/// The body of `/identity/v1/update-profile`, as the SDK's `ProfileUpdate`: a class an app mutates
/// field by field, each field a `Diff` (`NoOp` until set). A `NoOp` field is not sent, a `Delete`
/// is sent as null.
///
/// It is `@unchecked Sendable` as the SDK's is shareable: change it before handing it to
/// `updateProfile`, not while the request is under way.
public class ProfileUpdate: DictionaryEncodable, @unchecked Sendable {
    public var givenName: Diff<String>
    public var middleName: Diff<String>
    public var familyName: Diff<String>
    public var name: Diff<String>
    public var nickname: Diff<String>
    public var birthdate: Diff<String>
    public var picture: Diff<String>
    public var username: Diff<String>
    public var gender: Diff<String>
    public var email: Diff<String>
    public var phoneNumber: Diff<String>
    public var customIdentifier: Diff<String>
    public var locale: Diff<String>
    public var company: Diff<String>

    /// 11.0's initializer.
    public init(
        givenName: Diff<String> = .NoOp, middleName: Diff<String> = .NoOp, familyName: Diff<String> = .NoOp, name: Diff<String> = .NoOp,
        nickname: Diff<String> = .NoOp, birthdate: Diff<String> = .NoOp, picture: Diff<String> = .NoOp, username: Diff<String> = .NoOp,
        gender: Diff<String> = .NoOp, email: Diff<String> = .NoOp, phoneNumber: Diff<String> = .NoOp,
        customIdentifier: Diff<String> = .NoOp, locale: Diff<String> = .NoOp, company: Diff<String> = .NoOp
    ) {
        self.givenName = givenName
        self.middleName = middleName
        self.familyName = familyName
        self.name = name
        self.nickname = nickname
        self.birthdate = birthdate
        self.picture = picture
        self.username = username
        self.gender = gender
        self.email = email
        self.phoneNumber = phoneNumber
        self.customIdentifier = customIdentifier
        self.locale = locale
        self.company = company
    }

    private enum CodingKeys: String, CodingKey {
        case givenName, middleName, familyName, name, nickname, birthdate, picture, username, gender, email, phoneNumber
        case customIdentifier, locale, company
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(givenName, forKey: .givenName)
        try c.encode(middleName, forKey: .middleName)
        try c.encode(familyName, forKey: .familyName)
        try c.encode(name, forKey: .name)
        try c.encode(nickname, forKey: .nickname)
        try c.encode(birthdate, forKey: .birthdate)
        try c.encode(picture, forKey: .picture)
        try c.encode(username, forKey: .username)
        try c.encode(gender, forKey: .gender)
        try c.encode(email, forKey: .email)
        try c.encode(phoneNumber, forKey: .phoneNumber)
        try c.encode(customIdentifier, forKey: .customIdentifier)
        try c.encode(locale, forKey: .locale)
        try c.encode(company, forKey: .company)
    }
}
