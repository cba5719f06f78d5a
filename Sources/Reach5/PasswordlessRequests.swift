import Foundation

/// What `startPasswordless(_:)` starts: a magic link by email or a code by SMS, where the link
/// leads (nil: `SdkConfig.redirectUri`) and the origin. 8.2 took `redirectUri` as a `String`
/// (the static functions of the same names).
public enum PasswordLessRequest: Sendable {
    case Email(email: String, redirectUri: URL?, origin: String? = nil)
    case PhoneNumber(phoneNumber: String, redirectUri: URL?, origin: String? = nil)

}

/// How the passwordless code travels, as `auth_type` names it.
public enum PasswordLessAuthType: String, Codable, Sendable {
    case MagicLink = "magic_link"
    case SMS = "sms"
}

/// `POST /identity/v1/passwordless/start`'s body: the identifier, the kind, the redirect URI and
/// the PKCE challenge the later code exchange must match; `response_type` `code` and `state`
/// `passwordless` as the SDK sends them.
public class StartPasswordlessRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let email: String?
    public let phoneNumber: String?
    public let responseType: String
    public let authType: String
    public let redirectUri: URL
    public let state: String?
    public let codeChallenge: String
    public let codeChallengeMethod: String
    public let origin: String?

    public convenience init(
        clientId: String, email: String? = nil, phoneNumber: String? = nil, authType: PasswordLessAuthType, redirectUri: URL,
        codeChallenge: String, codeChallengeMethod: String, origin: String? = nil
    ) {
        self.init(
            clientId: clientId, email: email, phoneNumber: phoneNumber, responseType: "code", authType: authType, redirectUri: redirectUri,
            state: "passwordless", codeChallenge: codeChallenge, codeChallengeMethod: codeChallengeMethod, origin: origin)
    }

    public init(
        clientId: String, email: String?, phoneNumber: String?, responseType: String, authType: PasswordLessAuthType, redirectUri: URL,
        state: String? = nil, codeChallenge: String, codeChallengeMethod: String, origin: String? = nil
    ) {
        self.clientId = clientId
        self.email = email
        self.phoneNumber = phoneNumber
        self.responseType = responseType
        self.authType = authType.rawValue
        self.redirectUri = redirectUri
        self.state = state
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.origin = origin
    }
}

/// `verifyPasswordlessCode(verifyAuthCodeRequest:)`'s argument, sent as is to
/// `POST /identity/v1/verify-auth-code`.
public class VerifyAuthCodeRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    let authType: PasswordLessAuthType?
    let phoneNumber: String?
    let email: String?
    let verificationCode: String
    let origin: String?

    public init(
        authType: PasswordLessAuthType? = nil, phoneNumber: String? = nil, email: String? = nil, verificationCode: String,
        origin: String? = nil
    ) {
        self.authType = authType
        self.phoneNumber = phoneNumber
        self.email = email
        self.verificationCode = verificationCode
        self.origin = origin
    }
}

/// `POST /identity/v1/passwordless/verify`'s body: the checked code exchanged for an
/// authorization code.
public class VerifyPasswordlessRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    let email: String?
    let phoneNumber: String?
    let verificationCode: String
    let state: String?
    let redirectUri: URL?
    let clientId: String?
    let responseType: String?
    let origin: String?

    public init(
        email: String? = nil, phoneNumber: String? = nil, verificationCode: String, state: String? = nil, redirectUri: URL? = nil,
        clientId: String? = nil, responseType: String? = nil, origin: String? = nil
    ) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
        self.state = state
        self.redirectUri = redirectUri
        self.clientId = clientId
        self.responseType = responseType
        self.origin = origin
    }
}

/// `passwordless/verify`'s answer: the authorization code and the echoed state.
public class PasswordlessVerifyResponse: Codable, @unchecked Sendable {
    let code: String?
    let state: String?

    public init(code: String?, state: String?) {
        self.code = code
        self.state = state
    }
}
