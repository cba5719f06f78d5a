import Foundation

/// The four ways to set a new password: with a token from a login of the last minutes, with a
/// token and the old password, or with the code a password reset sent to an email or phone.
public enum UpdatePasswordParams: Sendable {
    case FreshAccessTokenParams(authToken: AuthToken, password: String)
    case AccessTokenParams(authToken: AuthToken, password: String, oldPassword: String)
    case EmailParams(email: String, verificationCode: String, password: String)
    case SmsParams(phoneNumber: String, verificationCode: String, password: String)

    /// The 8.2 documentation's order (`oldPassword` before `password`).
    #if !ReachFiveSeedPages
        @_spi(ReachFiveSeedPages)
    #endif
    public static func AccessTokenParams(authToken: AuthToken, oldPassword: String, password: String) -> UpdatePasswordParams {
        .AccessTokenParams(authToken: authToken, password: password, oldPassword: oldPassword)
    }

    /// The token the request is authorized with, for the two token forms.
    public func getAuthToken() -> AuthToken? {
        switch self {
        case .FreshAccessTokenParams(let authToken, _), .AccessTokenParams(let authToken, _, _): return authToken
        case .EmailParams, .SmsParams: return nil
        }
    }
}

/// `POST /identity/v1/update-password`'s body: the token forms send only the password(s); the
/// code forms also name the client and the identifier the code went to.
public class UpdatePasswordRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    let clientId: String?
    let password: String?
    let oldPassword: String?
    let email: String?
    let phoneNumber: String?
    let verificationCode: String?

    public init(
        clientId: String? = nil, password: String? = nil, oldPassword: String? = nil, email: String? = nil, phoneNumber: String? = nil,
        verificationCode: String? = nil
    ) {
        self.clientId = clientId
        self.password = password
        self.oldPassword = oldPassword
        self.email = email
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
    }

    public convenience init(updatePasswordParams: UpdatePasswordParams, sdkConfig: SdkConfig) {
        switch updatePasswordParams {
        case .FreshAccessTokenParams(_, let password):
            self.init(password: password)
        case .AccessTokenParams(_, let password, let oldPassword):
            self.init(password: password, oldPassword: oldPassword)
        case .EmailParams(let email, let verificationCode, let password):
            self.init(clientId: sdkConfig.clientId, password: password, email: email, verificationCode: verificationCode)
        case .SmsParams(let phoneNumber, let verificationCode, let password):
            self.init(clientId: sdkConfig.clientId, password: password, phoneNumber: phoneNumber, verificationCode: verificationCode)
        }
    }
}
