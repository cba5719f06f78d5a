import WebAuthn

/// authenticatorGetAssertion parameters (CTAP 2.1 §6.2), already decoded.
public struct GetAssertionRequest: Sendable {
    public var rpId: String
    public var clientDataHash: [UInt8]
    public var allowList: [[UInt8]]
    /// The `up` option; false asks for a silent assertion (UP=0).
    public var userPresence: Bool
    /// The `uv` option.
    public var userVerification: Bool
    /// hmac-secret salts per credential ID (already PRF-hashed); `defaultSalts` otherwise.
    public var hmacSecretSalts: [[UInt8]: (first: [UInt8], second: [UInt8]?)]
    public var defaultHmacSecretSalts: (first: [UInt8], second: [UInt8]?)?

    public init(
        rpId: String, clientDataHash: [UInt8], allowList: [[UInt8]] = [], userPresence: Bool = true,
        userVerification: Bool = false, hmacSecretSalts: [[UInt8]: (first: [UInt8], second: [UInt8]?)] = [:],
        defaultHmacSecretSalts: (first: [UInt8], second: [UInt8]?)? = nil
    ) {
        self.rpId = rpId
        self.clientDataHash = clientDataHash
        self.allowList = allowList
        self.userPresence = userPresence
        self.userVerification = userVerification
        self.hmacSecretSalts = hmacSecretSalts
        self.defaultHmacSecretSalts = defaultHmacSecretSalts
    }
}

/// A credential that can answer a getAssertion, as a picker shows it.
public struct AssertionCandidate: Sendable, Equatable {
    public var credentialId: [UInt8]
    public var userHandle: [UInt8]
    public var userName: String
    public var userDisplayName: String
    public var discoverable: Bool
}

public struct GetAssertionResponse: Sendable {
    public var credentialId: [UInt8]
    public var authenticatorData: [UInt8]
    public var signature: [UInt8]
    /// Returned for discoverable credentials (CTAP 2.1 §6.2.2 step 12).
    public var userHandle: [UInt8]?
    public var userVerified: Bool
    public var hmacSecretOutputs: (first: [UInt8], second: [UInt8]?)?
    /// The profile of the authenticator that made the credential (a vault can hold passkeys of
    /// several): what the client reports as the assertion's attachment.
    public var credentialProfileName: String = ""
}
