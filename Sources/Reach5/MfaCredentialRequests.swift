import Foundation

/// `POST /identity/v1/mfa/credentials/emails`: where the verification link points, the action
/// it is for, and whether the device is trusted once verified. 8.2 took the link as a `String`.
public class MfaStartEmailRegistrationRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let redirectUrl: URL?
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let action: String?
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let trustDevice: Bool

    public init(redirectUrl: URL? = nil, action: String? = nil, trustDevice: Bool = false) {
        self.redirectUrl = redirectUrl
        self.action = action
        self.trustDevice = trustDevice
    }

    /// 8.2's form. A string that is not a URL is not sent (the server's default link is used).
    #if !ReachFive82
        @_spi(ReachFive82)
    #endif
    public convenience init(redirectUrl: String?) {
        self.init(redirectUrl: redirectUrl.flatMap(URL.init(string:)))
    }
}

/// `POST /identity/v1/mfa/credentials/phone-numbers`.
public class MfaStartPhoneRegistrationRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let phoneNumber: String
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let action: String?
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let trustDevice: Bool

    public init(phoneNumber: String, action: String? = nil, trustDevice: Bool = false) {
        self.phoneNumber = phoneNumber
        self.action = action
        self.trustDevice = trustDevice
    }
}

/// `POST /identity/v1/mfa/credentials/emails/verify` with the emailed code.
public class MfaVerifyEmailRegistrationPostRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let verificationCode: String
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let trustDevice: Bool

    public init(_ verificationCode: String, trustDevice: Bool = false) {
        self.verificationCode = verificationCode
        self.trustDevice = trustDevice
    }
}

/// The emailed link's parameters (`c`, the code, and `t`, the token it is bound to).
public class MfaVerifyEmailRegistrationGetRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let c: String
    public let t: String

    public init(c: String, t: String) {
        self.c = c
        self.t = t
    }
}

/// `POST /identity/v1/mfa/credentials/phone-numbers/verify` with the texted code.
public class MfaVerifyPhoneRegistrationRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let verificationCode: String
    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public let trustDevice: Bool

    public init(_ verificationCode: String, trustDevice: Bool = false) {
        self.verificationCode = verificationCode
        self.trustDevice = trustDevice
    }
}
