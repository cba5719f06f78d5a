/// An emulated social identity provider of the server (`GET /emulator/v1/providers`).
public struct EmulatedProvider: Decodable, Sendable, Equatable {
    /// The SDK's name for it (`google`, `facebook`, …).
    public let name: String
    /// Its OIDC issuer, whose `/.well-known/openid-configuration` the server serves.
    public let issuer: String
    /// The URL of its discovery document.
    public let discovery: String

    /// A person at the provider, as its ID tokens describe them.
    public struct Identity: Decodable, Sendable, Equatable {
        /// The provider's `sub` for this person.
        public let subject: String
        public let email: String
        public let emailVerified: Bool
        public let name: String?
        public let picture: String?

        enum CodingKeys: String, CodingKey {
            case subject = "sub"
            case email
            case emailVerified = "email_verified"
            case name, picture
        }
    }
}
