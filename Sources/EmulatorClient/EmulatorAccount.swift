/// An account as the emulator lists it: its profile's identifiers and flags, and its passkeys.
public struct EmulatorAccount: Decodable, Sendable, Equatable {
    public struct Passkey: Decodable, Sendable, Equatable {
        /// The credential id, base64url.
        public let id: String
        public let friendlyName: String
        public let aaguid: String
        public let signCount: Int
        public let backupEligible: Bool
        public let backedUp: Bool

        enum CodingKeys: String, CodingKey {
            case id, aaguid
            case friendlyName = "friendly_name"
            case signCount = "sign_count"
            case backupEligible = "backup_eligible"
            case backedUp = "backed_up"
        }
    }

    /// The account's id (the `sub` of its tokens).
    public let uid: String
    public let email: String?
    public let emailVerified: Bool?
    public let phoneNumber: String?
    public let phoneNumberVerified: Bool?
    public let customIdentifier: String?
    public let givenName: String?
    public let familyName: String?
    public let hasPassword: Bool
    public let loginsCount: Int
    /// Empty where the answer carries none (the account `createAccount` just made).
    public let passkeys: [Passkey]

    enum CodingKeys: String, CodingKey {
        case uid, email, passkeys
        case emailVerified = "email_verified"
        case phoneNumber = "phone_number"
        case phoneNumberVerified = "phone_number_verified"
        case customIdentifier = "custom_identifier"
        case givenName = "given_name"
        case familyName = "family_name"
        case hasPassword = "has_password"
        case loginsCount = "logins_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        uid = try c.decode(String.self, forKey: .uid)
        email = try c.decodeIfPresent(String.self, forKey: .email)
        emailVerified = try c.decodeIfPresent(Bool.self, forKey: .emailVerified)
        phoneNumber = try c.decodeIfPresent(String.self, forKey: .phoneNumber)
        phoneNumberVerified = try c.decodeIfPresent(Bool.self, forKey: .phoneNumberVerified)
        customIdentifier = try c.decodeIfPresent(String.self, forKey: .customIdentifier)
        givenName = try c.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try c.decodeIfPresent(String.self, forKey: .familyName)
        hasPassword = try c.decode(Bool.self, forKey: .hasPassword)
        loginsCount = try c.decode(Int.self, forKey: .loginsCount)
        passkeys = try c.decodeIfPresent([Passkey].self, forKey: .passkeys) ?? []
    }
}
