import Foundation

// The SDK's public request and response models of the profile, verification and token calls
// (models/requests/*.swift, models/responses/VerifyEmailResponse.swift). Each is sent as its
// encoder writes it: snake_case keys, nil optionals absent, URLs as strings.

public class UpdateEmailRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let email: String
    public let redirectUrl: URL?

    public init(email: String, redirectUrl: URL?) {
        self.email = email
        self.redirectUrl = redirectUrl
    }

    /// 8.2's form: the redirect as a string (one that is not a URL is not sent).
    @_disfavoredOverload
    public convenience init(email: String, redirectUrl: String?) {
        self.init(email: email, redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

public class UpdatePhoneNumberRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let phoneNumber: String

    public init(phoneNumber: String) {
        self.phoneNumber = phoneNumber
    }
}

public class VerifyPhoneNumberRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let phoneNumber: String
    public let verificationCode: String

    public init(phoneNumber: String, verificationCode: String) {
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
    }
}

public class SendEmailVerificationRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let redirectUrl: URL?

    public init(redirectUrl: URL? = nil) {
        self.redirectUrl = redirectUrl
    }

    /// 8.2's form: the redirect as a string.
    @_disfavoredOverload
    public convenience init(redirectUrl: String? = nil) {
        self.init(redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

public class VerifyEmailRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let email: String
    public let verificationCode: String

    public init(email: String, verificationCode: String) {
        self.email = email
        self.verificationCode = verificationCode
    }
}

public class SendEmailVerificationResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public let verificationEmailSent: Bool
}

public class RefreshRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let refreshToken: String?
    public let redirectUri: URL
    public let grantType: String

    public init(clientId: String, refreshToken: String?, redirectUri: URL) {
        self.clientId = clientId
        self.refreshToken = refreshToken
        self.redirectUri = redirectUri
        grantType = "refresh_token"
    }

    /// 8.2's form: the refresh token required, the redirect URI a string (the SDK passed its scheme).
    @_disfavoredOverload
    public convenience init(clientId: String, refreshToken: String, redirectUri: String) {
        self.init(clientId: clientId, refreshToken: refreshToken, redirectUri: URL(string: redirectUri) ?? URL(fileURLWithPath: "/"))
    }
}

/// The body of `/oauth/revoke` (RFC 7009), as the SDK's: built only by `revokeToken`.
public struct RevokeTokenRequest: Codable, DictionaryEncodable, Sendable {
    let token: String
    let tokenTypeHint: String?
    let clientId: String
}

/// The `token_type_hint` values.
public enum TokenType: String, Sendable {
    case accessToken = "access_token"
    case refreshToken = "refresh_token"
}
