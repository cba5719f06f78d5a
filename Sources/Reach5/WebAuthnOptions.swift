/// The WebAuthn options the server answers, as the SDK's models read them.

public class R5PublicKeyCredentialRpEntity: Codable, DictionaryEncodable, @unchecked Sendable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

public class R5PublicKeyCredentialUserEntity: Codable, DictionaryEncodable, @unchecked Sendable {
    public var id: String
    public var displayName: String
    public var name: String

    public init(id: String, displayName: String, name: String) {
        self.id = id
        self.displayName = displayName
        self.name = name
    }
}

public class R5PublicKeyCredentialParameter: Codable, DictionaryEncodable, @unchecked Sendable {
    public var alg: Int
    public var type: String

    public init(alg: Int, type: String) {
        self.alg = alg
        self.type = type
    }
}

public class R5PublicKeyCredentialDescriptor: Codable, DictionaryEncodable, @unchecked Sendable {
    public var type: String
    public var id: String
    public var transports: [String]?

    public init(type: String, id: String, transports: [String]? = nil) {
        self.type = type
        self.id = id
        self.transports = transports
    }
}

public class R5AuthenticatorSelectionCriteria: Codable, DictionaryEncodable, @unchecked Sendable {
    public var authenticatorAttachment: String?
    public var requireResidentKey: Bool?
    public var residentKey: String?
    public var userVerification: String?

    public init(authenticatorAttachment: String?, requireResidentKey: Bool?, residentKey: String?, userVerification: String?) {
        self.authenticatorAttachment = authenticatorAttachment
        self.residentKey = residentKey
        self.requireResidentKey = requireResidentKey
        self.userVerification = userVerification
    }
}

public class R5PublicKeyCredentialCreationOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public var rp: R5PublicKeyCredentialRpEntity
    public var user: R5PublicKeyCredentialUserEntity
    public var challenge: String
    public var pubKeyCredParams: [R5PublicKeyCredentialParameter]
    public var timeout: Int?
    public var excludeCredentials: [R5PublicKeyCredentialDescriptor]?
    public var authenticatorSelection: R5AuthenticatorSelectionCriteria?
    public var attestation: String

    public init(
        rp: R5PublicKeyCredentialRpEntity, user: R5PublicKeyCredentialUserEntity, challenge: String,
        pubKeyCredParams: [R5PublicKeyCredentialParameter], timeout: Int?, excludeCredentials: [R5PublicKeyCredentialDescriptor]?,
        authenticatorSelection: R5AuthenticatorSelectionCriteria?, attestation: String
    ) {
        self.rp = rp
        self.user = user
        self.challenge = challenge
        self.pubKeyCredParams = pubKeyCredParams
        self.timeout = timeout
        self.excludeCredentials = excludeCredentials
        self.authenticatorSelection = authenticatorSelection
        self.attestation = attestation
    }
}

public class CredentialCreationOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public let publicKey: R5PublicKeyCredentialCreationOptions

    public init(publicKey: R5PublicKeyCredentialCreationOptions) {
        self.publicKey = publicKey
    }
}

/// What `signup-options`, `registration-options` and `reset-options` answer.
public class RegistrationOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public let friendlyName: String
    public let options: CredentialCreationOptions

    public init(friendlyName: String, options: CredentialCreationOptions) {
        self.friendlyName = friendlyName
        self.options = options
    }
}

public class R5PublicKeyCredentialRequestOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public var challenge: String
    public var timeout: Int?
    public var rpId: String
    public var allowCredentials: [R5PublicKeyCredentialDescriptor]?
    public var userVerification: String

    public init(
        challenge: String, timeout: Int?, rpId: String, allowCredentials: [R5PublicKeyCredentialDescriptor]?, userVerification: String
    ) {
        self.challenge = challenge
        self.timeout = timeout
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification
    }
}

/// What `authentication-options` answers.
public class AuthenticationOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public let publicKey: R5PublicKeyCredentialRequestOptions

    public init(publicKey: R5PublicKeyCredentialRequestOptions) {
        self.publicKey = publicKey
    }
}
