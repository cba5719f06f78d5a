/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn L3 §5.1.x), the input of `create`.
public struct PublicKeyCredentialCreationOptionsJSON: Codable, Hashable, Sendable {
    public struct RelyingParty: Codable, Hashable, Sendable {
        public var id: String?
        public var name: String
        public init(id: String?, name: String) {
            self.id = id
            self.name = name
        }
    }
    public struct User: Codable, Hashable, Sendable {
        public var id: Base64URLBytes
        public var name: String
        public var displayName: String
        public init(id: [UInt8], name: String, displayName: String) {
            self.id = Base64URLBytes(id)
            self.name = name
            self.displayName = displayName
        }
    }
    public struct AuthenticatorSelection: Codable, Hashable, Sendable {
        public var authenticatorAttachment: OpenEnumeration<AuthenticatorAttachment>?
        public var residentKey: OpenEnumeration<ResidentKeyRequirement>?
        public var requireResidentKey: Bool?
        public var userVerification: OpenEnumeration<UserVerificationRequirement>?
        public init(
            authenticatorAttachment: AuthenticatorAttachment? = nil, residentKey: ResidentKeyRequirement? = nil,
            requireResidentKey: Bool? = nil, userVerification: UserVerificationRequirement? = nil
        ) {
            self.authenticatorAttachment = authenticatorAttachment.map(OpenEnumeration.init)
            self.residentKey = residentKey.map(OpenEnumeration.init)
            self.requireResidentKey = requireResidentKey
            self.userVerification = userVerification.map(OpenEnumeration.init)
        }
    }

    public var rp: RelyingParty
    public var user: User
    public var challenge: Base64URLBytes
    public var pubKeyCredParams: [PublicKeyCredentialParametersJSON]
    public var timeout: UInt32?
    public var excludeCredentials: [PublicKeyCredentialDescriptorJSON]?
    public var authenticatorSelection: AuthenticatorSelection?
    public var hints: [String]?
    public var attestation: OpenEnumeration<AttestationConveyancePreference>?
    public var attestationFormats: [String]?
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    public init(
        rp: RelyingParty, user: User, challenge: [UInt8], pubKeyCredParams: [PublicKeyCredentialParametersJSON],
        timeout: UInt32? = nil, excludeCredentials: [PublicKeyCredentialDescriptorJSON]? = nil,
        authenticatorSelection: AuthenticatorSelection? = nil, hints: [String]? = nil,
        attestation: AttestationConveyancePreference? = nil, attestationFormats: [String]? = nil,
        extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.rp = rp
        self.user = user
        self.challenge = Base64URLBytes(challenge)
        self.pubKeyCredParams = pubKeyCredParams
        self.timeout = timeout
        self.excludeCredentials = excludeCredentials
        self.authenticatorSelection = authenticatorSelection
        self.hints = hints
        self.attestation = attestation.map(OpenEnumeration.init)
        self.attestationFormats = attestationFormats
        self.extensions = extensions
    }
}
