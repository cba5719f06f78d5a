import Foundation

/// `POST /oauth/token`'s body for an authorization code (the last step of every login), with the
/// PKCE verifier. 8.2 took `redirectUri` as a `String`.
public class AuthCodeRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let code: String
    public let grantType: String
    public let redirectUri: URL
    public let codeVerifier: String?

    public convenience init(clientId: String, code: String, redirectUri: URL, pkce: Pkce? = nil) {
        self.init(
            clientId: clientId, code: code, grantType: "authorization_code", redirectUri: redirectUri, codeVerifier: pkce?.codeVerifier)
    }

    public init(clientId: String, code: String, grantType: String, redirectUri: URL, codeVerifier: String?) {
        self.clientId = clientId
        self.code = code
        self.grantType = grantType
        self.redirectUri = redirectUri
        self.codeVerifier = codeVerifier
    }
}

/// 8.2's `/oauth/authorize` parameters for a `tkn` (`loginCallback`): the client, the passwordless
/// redirect URI, the scope and the PKCE challenge.
#if !ReachFive82
    @_spi(ReachFive82)
#endif
public class LoginCallback: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let responseType: String
    public let redirectUri: String
    public let scope: String
    public let codeChallenge: String
    public let codeChallengeMethod: String
    public let tkn: String?
    public let origin: String?

    public init(sdkConfig: SdkConfig, scope: String, pkce: Pkce, tkn: String? = nil, origin: String? = nil) {
        clientId = sdkConfig.clientId
        redirectUri = sdkConfig.scheme
        codeChallenge = pkce.codeChallenge
        codeChallengeMethod = pkce.codeChallengeMethod
        responseType = "code"
        self.tkn = tkn
        self.scope = scope
        self.origin = origin
    }
}
