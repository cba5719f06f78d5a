/// The credentials the SDK sends after the sheet (`/webauthn/signup`, `/registration`, `/reset`,
/// `/authentication`), in base64url, encoded as snake_case by the SDK's encoder.
public class R5AuthenticatorAttestationResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public var attestationObject: String
    public var clientDataJSON: String

    public init(attestationObject: String, clientDataJSON: String) {
        self.attestationObject = attestationObject
        self.clientDataJSON = clientDataJSON
    }
}

public class RegistrationPublicKeyCredential: Codable, DictionaryEncodable, @unchecked Sendable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: R5AuthenticatorAttestationResponse

    public init(id: String, rawId: String, type: String, response: R5AuthenticatorAttestationResponse) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }
}

public class R5AuthenticatorAssertionResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public var authenticatorData: String
    public var clientDataJSON: String
    public var signature: String
    public var userHandle: String?

    public init(authenticatorData: String, clientDataJSON: String, signature: String, userHandle: String?) {
        self.authenticatorData = authenticatorData
        self.clientDataJSON = clientDataJSON
        self.signature = signature
        self.userHandle = userHandle
    }
}

public class AuthenticationPublicKeyCredential: Codable, DictionaryEncodable, @unchecked Sendable {
    public var id: String
    public var rawId: String
    public var type: String
    public var response: R5AuthenticatorAssertionResponse

    public init(id: String, rawId: String, type: String, response: R5AuthenticatorAssertionResponse) {
        self.id = id
        self.rawId = rawId
        self.type = type
        self.response = response
    }
}

/// `/webauthn/signup`'s body: the user handle the options named, and the new credential.
public class WebauthnSignupCredential: Codable, DictionaryEncodable, @unchecked Sendable {
    public var webauthnId: String
    public var publicKeyCredential: RegistrationPublicKeyCredential

    public init(webauthnId: String, publicKeyCredential: RegistrationPublicKeyCredential) {
        self.webauthnId = webauthnId
        self.publicKeyCredential = publicKeyCredential
    }
}

/// `/webauthn/reset`'s body: the account, its recovery code, and the new credential.
public class ResetPublicKeyCredential: Codable, DictionaryEncodable, @unchecked Sendable {
    public let email: String?
    public let phoneNumber: String?
    public let verificationCode: String
    public let clientId: String
    public var publicKeyCredential: RegistrationPublicKeyCredential

    public init(
        email: String?, phoneNumber: String?, verificationCode: String, clientId: String,
        publicKeyCredential: RegistrationPublicKeyCredential
    ) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
        self.clientId = clientId
        self.publicKeyCredential = publicKeyCredential
    }

    public convenience init(resetOptions: ResetOptions, publicKeyCredential: RegistrationPublicKeyCredential) {
        self.init(
            email: resetOptions.email, phoneNumber: resetOptions.phoneNumber, verificationCode: resetOptions.verificationCode,
            clientId: resetOptions.clientId, publicKeyCredential: publicKeyCredential)
    }
}
