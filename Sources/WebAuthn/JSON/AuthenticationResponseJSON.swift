/// `AuthenticationResponseJSON` (WebAuthn L3 §5.1), what `get` returns and an RP verifies.
public typealias AuthenticationResponseJSON = PublicKeyCredentialJSON<AuthenticatorAssertionResponseJSON>

/// `AuthenticatorAssertionResponseJSON` (WebAuthn L3 §5.2.2).
public struct AuthenticatorAssertionResponseJSON: Codable, Hashable, Sendable {
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
