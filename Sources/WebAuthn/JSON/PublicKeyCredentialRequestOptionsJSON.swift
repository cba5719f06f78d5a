/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn L3 §5.1.x), the input of `get`.
public struct PublicKeyCredentialRequestOptionsJSON: Codable, Hashable, Sendable {
    public var challenge: Base64URLBytes
    public var timeout: UInt32?
    public var rpId: String?
    public var allowCredentials: [PublicKeyCredentialDescriptorJSON]?
    public var userVerification: OpenEnumeration<UserVerificationRequirement>?
    public var hints: [String]?
    public var extensions: AuthenticationExtensionsClientInputsJSON?

    public init(
        challenge: [UInt8], timeout: UInt32? = nil, rpId: String? = nil,
        allowCredentials: [PublicKeyCredentialDescriptorJSON]? = nil, userVerification: UserVerificationRequirement? = nil,
        hints: [String]? = nil, extensions: AuthenticationExtensionsClientInputsJSON? = nil
    ) {
        self.challenge = Base64URLBytes(challenge)
        self.timeout = timeout
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification.map(OpenEnumeration.init)
        self.hints = hints
        self.extensions = extensions
    }
}
