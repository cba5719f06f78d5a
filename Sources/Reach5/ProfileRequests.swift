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

}

/// The body of `/oauth/revoke` (RFC 7009), as the SDK's: built only by `revokeToken`.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public struct RevokeTokenRequest: Codable, DictionaryEncodable, Sendable {
    let token: String
    let tokenTypeHint: String?
    let clientId: String
}

/// The `token_type_hint` values.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public enum TokenType: String, Sendable {
    case accessToken = "access_token"
    case refreshToken = "refresh_token"
}
