import Foundation

/// One field of an update: set it, delete it (sent as an explicit JSON null), or leave it
/// (the key is not sent at all).
public enum Diff<T: Sendable & Equatable & Encodable>: Sendable, Equatable {
    case Update(T)
    case Delete
    case NoOp

    /// A value becomes `.Update`, nil becomes `.NoOp`.
    public init(_ value: T?) { self = value.map { .Update($0) } ?? .NoOp }
}

/// The body of `/identity/v1/update-profile`: each field a `Diff`, `.NoOp` by default.
public struct ProfileUpdate: Sendable, Equatable, Encodable {
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

    enum CodingKeys: String, CodingKey {
        case givenName, middleName, familyName, name, nickname, birthdate, picture, username, gender, email, phoneNumber, customIdentifier,
            locale, company
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        let fields: [(CodingKeys, Diff<String>)] = [
            (.givenName, givenName), (.middleName, middleName), (.familyName, familyName), (.name, name),
            (.nickname, nickname), (.birthdate, birthdate), (.picture, picture), (.username, username),
            (.gender, gender), (.email, email), (.phoneNumber, phoneNumber),
            (.customIdentifier, customIdentifier), (.locale, locale), (.company, company),
        ]
        for (key, diff) in fields {
            switch diff {
            case .Update(let value): try c.encode(value, forKey: key)
            case .Delete: try c.encodeNil(forKey: key)
            case .NoOp: break
            }
        }
    }
}
