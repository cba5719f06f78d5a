/// `AuthenticationResponseJSON` (WebAuthn L3 §5.1), what `get` returns and an RP verifies.
public struct AuthenticationResponseJSON: Codable, Hashable, Sendable {
    public struct Response: Codable, Hashable, Sendable {
        public var clientDataJSON: Base64URLBytes
        public var authenticatorData: Base64URLBytes
        public var signature: Base64URLBytes
        public var userHandle: Base64URLBytes?
        public init(clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], userHandle: [UInt8]?) {
            self.clientDataJSON = Base64URLBytes(clientDataJSON)
            self.authenticatorData = Base64URLBytes(authenticatorData)
            self.signature = Base64URLBytes(signature)
            self.userHandle = userHandle.map(Base64URLBytes.init)
        }
    }

    public var id: String
    public var rawId: Base64URLBytes
    public var response: Response
    public var authenticatorAttachment: OpenEnumeration<AuthenticatorAttachment>?
    public var clientExtensionResults: AuthenticationExtensionsClientOutputsJSON
    public var type: String

    public init(rawId: [UInt8], response: Response, authenticatorAttachment: AuthenticatorAttachment?,
                clientExtensionResults: AuthenticationExtensionsClientOutputsJSON, type: String = "public-key") {
        self.id = Base64URL.encode(rawId); self.rawId = Base64URLBytes(rawId); self.response = response
        self.authenticatorAttachment = authenticatorAttachment.map(OpenEnumeration.init)
        self.clientExtensionResults = clientExtensionResults; self.type = type
    }
}
