import Encoding

/// One user of the emulated ReachFive account. Identifiers are stored normalized: email
/// lower-cased, phone number in E.164. `profile` holds every other profile field as received
/// (so `custom_fields` and `consents` keep their keys exactly, whatever their casing).
struct Account: Sendable, Equatable {
    var id: String
    var email: String?
    var phoneNumber: String?
    var customIdentifier: String?
    var passwordHash: String?
    var emailVerified = false
    var phoneNumberVerified = false
    var webauthnUserId: [UInt8]
    var profile: [String: JSONValue] = [:]
    var createdAt: Int64
    var updatedAt: Int64
    var firstLogin: Int64?
    var lastLogin: Int64?
    var loginsCount: Int64 = 0
    var lastLoginType: String?
    /// Moves on when every session of the account ends; access tokens carry the one they were
    /// issued in (`sgen`) and older ones are refused.
    var sessionGeneration: Int64 = 0

    /// The string fields of a profile the server stores as given (besides the identifiers).
    static let stringFields = [
        "given_name", "middle_name", "family_name", "name", "nickname", "birthdate", "profile_url",
        "picture", "username", "gender", "locale", "bio", "company", "external_id",
    ]
}
