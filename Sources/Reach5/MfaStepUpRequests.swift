import Foundation

/// `POST /identity/v1/mfa/stepup`: asks for a step-up token, with the PKCE challenge the
/// authorization code it ends in will be exchanged with. Either the `tkn` of a login that needs a
/// second factor, or (with a bearer token) a signed-in profile's `action`.
public class StartMfaStepUpRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let responseType: String
    public let clientId: String
    public let redirectUri: URL
    public let codeChallenge: String
    public let codeChallengeMethod: String
    public let scope: String?
    public let tkn: String?
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let action: String?

    public convenience init(clientId: String, redirectUri: URL, pkce: Pkce, scope: String? = nil, tkn: String? = nil, action: String? = nil)
    {
        self.init(clientId: clientId, redirectUri: redirectUri, codeChallenge: pkce.codeChallenge, scope: scope, tkn: tkn, action: action)
    }

    /// 8.2's form (the redirect as a string). A string that is not a URL is refused.
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public convenience init?(clientId: String, redirectUri: String, pkce: Pkce, scope: String? = nil, tkn: String? = nil) {
        guard let url = URL(string: redirectUri) else { return nil }
        self.init(clientId: clientId, redirectUri: url, pkce: pkce, scope: scope, tkn: tkn)
    }

    init(clientId: String, redirectUri: URL, codeChallenge: String, scope: String?, tkn: String?, action: String?) {
        responseType = "code"
        self.clientId = clientId
        self.redirectUri = redirectUri
        self.codeChallenge = codeChallenge
        codeChallengeMethod = "S256"
        self.scope = scope
        self.tkn = tkn
        self.action = action
    }
}

/// The step-up token, and the second factors the account can use for it.
public class StartMfaStepUpResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public let amr: [MfaCredentialItemType]
    public let token: String

    public init(amr: [MfaCredentialItemType], token: String) {
        self.amr = amr
        self.token = token
    }
}

/// `POST /identity/v1/passwordless/start` with a step-up token: the code goes to the factor
/// `authType` names.
public class StartMfaPasswordlessRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let responseType: String
    public let redirectUri: URL
    public let clientId: String
    public let stepUp: String
    public let authType: MfaCredentialItemType
    public let origin: String?

    public init(redirectUri: URL, clientId: String, stepUp: String, authType: MfaCredentialItemType, origin: String?) {
        self.redirectUri = redirectUri
        responseType = "code"
        self.clientId = clientId
        self.stepUp = stepUp
        self.authType = authType
        self.origin = origin
    }

    /// 8.2's form (the redirect as a string). A string that is not a URL is refused.
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public convenience init?(redirectUri: String, clientId: String, stepUp: String, authType: MfaCredentialItemType, origin: String?) {
        guard let url = URL(string: redirectUri) else { return nil }
        self.init(redirectUri: url, clientId: clientId, stepUp: stepUp, authType: authType, origin: origin)
    }
}

/// The step-up's challenge, which the code is verified against.
public class StartMfaPasswordlessResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public let challengeId: String

    public init(challengeId: String) {
        self.challengeId = challengeId
    }
}

/// `POST /identity/v1/passwordless/verify` with the step-up's code.
public class VerifyMfaPasswordlessRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let challengeId: String
    public let verificationCode: String
    public let trustDevice: Bool?

    public init(challengeId: String, verificationCode: String, trustDevice: Bool? = nil) {
        self.challengeId = challengeId
        self.verificationCode = verificationCode
        self.trustDevice = trustDevice
    }
}
