import Encoding

extension ServerConfiguration {
    /// A social identity provider the server emulates (an OAuth 2.0 / OIDC server of its own at
    /// `<base>/providers/<name>`) under one of the SDK's provider names (`WebProvider.Name`).
    public struct EmulatedProvider: Sendable, Equatable {
        /// The SDK's name: `google`, `facebook`, `paypal`, `twitter`, `franceconnect`, `oney`,
        /// `bconnect` or `line`.
        public var name: String
        /// The test identities its chooser page offers from the start (more can be made on the
        /// page or through the emulator API).
        public var identities: [ProviderIdentity] = []

        public init(name: String, identities: [ProviderIdentity] = []) {
            self.name = name
            self.identities = identities
        }

        /// The provider names the SDK knows (`WebProvider.Name`'s raw values).
        public static let knownNames: Set<String> = [
            "facebook", "google", "paypal", "twitter", "franceconnect", "oney", "bconnect", "line",
        ]
    }

    /// A person at an emulated provider: what its ID token says of them.
    public struct ProviderIdentity: Sendable, Equatable, Codable {
        public var email: String
        /// Whether the provider vouches for the email (`email_verified`). An unverified email
        /// never takes over an account that holds it.
        public var emailVerified: Bool = true
        public var name: String?
        public var picture: String?

        public init(email: String, emailVerified: Bool = true, name: String? = nil, picture: String? = nil) {
            self.email = email
            self.emailVerified = emailVerified
            self.name = name
            self.picture = picture
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case email
            case emailVerified = "email_verified"
            case name, picture
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            email = try c.decode(String.self, forKey: .email)
            emailVerified = try c.decodeIfPresent(Bool.self, forKey: .emailVerified) ?? true
            name = try c.decodeIfPresent(String.self, forKey: .name)
            picture = try c.decodeIfPresent(String.self, forKey: .picture)
        }
    }
}
