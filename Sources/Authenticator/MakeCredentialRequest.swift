import WebAuthn

/// authenticatorMakeCredential parameters (CTAP 2.1 §6.1), already decoded.
public struct MakeCredentialRequest: Sendable {
    public var clientDataHash: [UInt8]
    public var rpId: String
    public var rpName: String?
    public var userHandle: [UInt8]
    public var userName: String
    public var userDisplayName: String
    public var pubKeyCredParams: [PublicKeyCredentialParametersJSON]
    public var excludeList: [[UInt8]]
    /// The `rk` option.
    public var residentKey: Bool
    /// The `uv` option.
    public var userVerification: Bool
    /// hmac-secret requested (WebAuthn `prf` at create).
    public var hmacSecret: Bool
    /// hmac-secret-mc salts: PRF outputs wanted at creation time (already PRF-hashed salts).
    public var hmacSecretSalts: (first: [UInt8], second: [UInt8]?)?
    /// The credProtect extension's policy, when asked for.
    public var credProtect: CredentialProtection?

    public init(
        clientDataHash: [UInt8], rpId: String, rpName: String? = nil, userHandle: [UInt8], userName: String,
        userDisplayName: String, pubKeyCredParams: [PublicKeyCredentialParametersJSON], excludeList: [[UInt8]] = [],
        residentKey: Bool = true, userVerification: Bool = false, hmacSecret: Bool = false,
        hmacSecretSalts: (first: [UInt8], second: [UInt8]?)? = nil, credProtect: CredentialProtection? = nil
    ) {
        self.clientDataHash = clientDataHash
        self.rpId = rpId
        self.rpName = rpName
        self.userHandle = userHandle
        self.userName = userName
        self.userDisplayName = userDisplayName
        self.pubKeyCredParams = pubKeyCredParams
        self.excludeList = excludeList
        self.residentKey = residentKey
        self.userVerification = userVerification
        self.hmacSecret = hmacSecret
        self.hmacSecretSalts = hmacSecretSalts
        self.credProtect = credProtect
    }
}

public struct MakeCredentialResponse: Sendable {
    public var attestationObject: AttestationObject
    public var credentialId: [UInt8]
    public var publicKey: COSEKey
    public var residentKey: Bool
    public var userVerified: Bool
    /// hmac-secret outputs, when salts were given (delivered in-process, see `HMACSecret`).
    public var hmacSecretOutputs: (first: [UInt8], second: [UInt8]?)?
}
