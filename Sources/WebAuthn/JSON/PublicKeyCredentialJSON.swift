/// The JSON form of a `PublicKeyCredential` (WebAuthn L3 §5.1): the members both ceremonies
/// share, around the ceremony's own `response`.
public struct PublicKeyCredentialJSON<Response: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var id: String
    public var rawId: Base64URLBytes
    public var response: Response
    public var authenticatorAttachment: OpenEnumeration<AuthenticatorAttachment>?
    public var clientExtensionResults: AuthenticationExtensionsClientOutputsJSON
    public var type: String

    public init(
        rawId: [UInt8], response: Response, authenticatorAttachment: AuthenticatorAttachment?,
        clientExtensionResults: AuthenticationExtensionsClientOutputsJSON, type: String = "public-key"
    ) {
        self.id = Base64URL.encode(rawId)
        self.rawId = Base64URLBytes(rawId)
        self.response = response
        self.authenticatorAttachment = authenticatorAttachment.map(OpenEnumeration.init)
        self.clientExtensionResults = clientExtensionResults
        self.type = type
    }
}
