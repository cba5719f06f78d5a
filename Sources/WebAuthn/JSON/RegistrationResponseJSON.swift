/// `RegistrationResponseJSON` (WebAuthn L3 §5.1), what `create` returns and an RP verifies.
public typealias RegistrationResponseJSON = PublicKeyCredentialJSON<AuthenticatorAttestationResponseJSON>

/// `AuthenticatorAttestationResponseJSON` (WebAuthn L3 §5.2.1).
public struct AuthenticatorAttestationResponseJSON: Codable, Hashable, Sendable {
    public var clientDataJSON: Base64URLBytes
    public var authenticatorData: Base64URLBytes?
    public var transports: [String]?
    public var publicKey: Base64URLBytes?
    public var publicKeyAlgorithm: COSEAlgorithm?
    public var attestationObject: Base64URLBytes
    public init(
        clientDataJSON: [UInt8], authenticatorData: [UInt8]?, transports: [String]?, publicKey: [UInt8]?,
        publicKeyAlgorithm: COSEAlgorithm?, attestationObject: [UInt8]
    ) {
        self.clientDataJSON = Base64URLBytes(clientDataJSON)
        self.authenticatorData = authenticatorData.map(Base64URLBytes.init)
        self.transports = transports
        self.publicKey = publicKey.map(Base64URLBytes.init)
        self.publicKeyAlgorithm = publicKeyAlgorithm
        self.attestationObject = Base64URLBytes(attestationObject)
    }
}
