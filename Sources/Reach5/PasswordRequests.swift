import Foundation

/// `POST /identity/v1/signup-token`'s body, as the SDK builds it: the client, the profile (with
/// its password), the scopes as one space-separated string, where the verification email's link
/// points, and the origin. 8.2 took `redirectUrl` as a `String`.
public class SignupRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let data: ProfileSignupRequest
    public let scope: String
    public let redirectUrl: URL?
    public let origin: String?

    public init(clientId: String, data: ProfileSignupRequest, scope: String, redirectUrl: URL?, origin: String? = nil) {
        self.clientId = clientId
        self.data = data
        self.scope = scope
        self.redirectUrl = redirectUrl
        self.origin = origin
    }

}

/// `POST /identity/v1/password/login`'s body: one identifier, the password, the `password` grant.
public class LoginRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let email: String?
    public let phoneNumber: String?
    public let customIdentifier: String?
    public let password: String
    public let grantType: String
    public let clientId: String
    public let scope: String
    public let origin: String?

    public init(
        email: String?, phoneNumber: String?, customIdentifier: String?, password: String, grantType: String, clientId: String,
        scope: String, origin: String? = nil
    ) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.customIdentifier = customIdentifier
        self.password = password
        self.grantType = grantType
        self.clientId = clientId
        self.scope = scope
        self.origin = origin
    }
}

/// The signup answer (11.0): tokens when the account may log in at once, none when it must
/// verify its identifier first.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public class SignupTokenResponse: Codable, @unchecked Sendable {
    public let idToken: String?
    public let accessToken: String?
    public let refreshToken: String?
    public let tokenType: String?
    public let expiresIn: Int?

    public init(idToken: String?, accessToken: String?, refreshToken: String?, tokenType: String? = nil, expiresIn: Int? = nil) {
        self.idToken = idToken
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.tokenType = tokenType
        self.expiresIn = expiresIn
    }
}
