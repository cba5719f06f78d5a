/// `RegistrationResponseJSON` (WebAuthn L3 §5.1), what `create` returns and an RP verifies.
public struct RegistrationResponseJSON: Codable, Hashable, Sendable {
    public struct Response: Codable, Hashable, Sendable {
        public var clientDataJSON: Base64URLBytes
        public var authenticatorData: Base64URLBytes?
        public var transports: [String]?
        public var publicKey: Base64URLBytes?
        public var publicKeyAlgorithm: COSEAlgorithm?
        public var attestationObject: Base64URLBytes
        public init(clientDataJSON: [UInt8], authenticatorData: [UInt8]?, transports: [String]?, publicKey: [UInt8]?,
                    publicKeyAlgorithm: COSEAlgorithm?, attestationObject: [UInt8]) {
            self.clientDataJSON = Base64URLBytes(clientDataJSON)
            self.authenticatorData = authenticatorData.map(Base64URLBytes.init)
            self.transports = transports
            self.publicKey = publicKey.map(Base64URLBytes.init)
            self.publicKeyAlgorithm = publicKeyAlgorithm
            self.attestationObject = Base64URLBytes(attestationObject)
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
