import Foundation

/// `POST /identity/v1/forgot-password`'s body. 8.2 took `redirectUrl` as a `String` and had no
/// origin.
public class RequestPasswordResetRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let email: String?
    public let phoneNumber: String?
    public let redirectUrl: URL?
    public let origin: String?

    public init(clientId: String, email: String?, phoneNumber: String?, redirectUrl: URL?, origin: String? = nil) {
        self.clientId = clientId
        self.email = email
        self.phoneNumber = phoneNumber
        self.redirectUrl = redirectUrl
        self.origin = origin
    }

}

/// `POST /identity/v1/account-recovery`'s body. 8.2 took `redirectUrl` as a `String`.
public class RequestAccountRecoveryRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let clientId: String
    public let email: String?
    public let phoneNumber: String?
    public let redirectUrl: URL?
    public let origin: String?

    public init(clientId: String, email: String? = nil, phoneNumber: String? = nil, redirectUrl: URL? = nil, origin: String? = nil) {
        self.clientId = clientId
        self.email = email
        self.phoneNumber = phoneNumber
        self.redirectUrl = redirectUrl
        self.origin = origin
    }

}

/// What the account-recovery link carried: the address it went to and the code, which
/// `resetPasskeys` (or a password reset) then takes.
public class AccountRecoveryResponse: @unchecked Sendable {
    public let email: String
    public let verificationCode: String

    public init(email: String, verificationCode: String) {
        self.email = email
        self.verificationCode = verificationCode
    }
}
