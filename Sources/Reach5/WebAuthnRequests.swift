/// The bodies the SDK sends to ask the server for WebAuthn options.

/// `/webauthn/signup-options`.
public class SignupOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public let origin: String
    public let friendlyName: String
    public let profile: ProfilePasskeySignupRequest
    public let clientId: String?
    public let scope: String

    public init(origin: String, friendlyName: String, profile: ProfilePasskeySignupRequest, clientId: String?, scope: [String]) {
        self.origin = origin
        self.friendlyName = friendlyName
        self.profile = profile
        self.clientId = clientId
        self.scope = scope.joined(separator: " ")
    }
}

/// `/webauthn/registration-options` (bearer: the signed-in account).
public class RegistrationRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public let origin: String
    public let friendlyName: String

    public init(origin: String, friendlyName: String) {
        self.origin = origin
        self.friendlyName = friendlyName
    }
}

/// `/webauthn/reset-options`.
public class ResetOptions: Codable, DictionaryEncodable, @unchecked Sendable {
    public let email: String?
    public let phoneNumber: String?
    public let verificationCode: String
    public let friendlyName: String
    public let origin: String
    public let clientId: String

    public init(email: String?, phoneNumber: String?, verificationCode: String, friendlyName: String, origin: String, clientId: String) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.verificationCode = verificationCode
        self.friendlyName = friendlyName
        self.origin = origin
        self.clientId = clientId
    }
}

/// `/webauthn/authentication-options`: with an identifier for the non-discoverable login, without
/// one where the user picks the credential (modal sheet, auto-fill). A class whose fields can be
/// set (8.2) and read (11.0).
public class WebAuthnLoginRequest: Codable, DictionaryEncodable, @unchecked Sendable {
    public var clientId: String
    public var origin: String
    public var email: String?
    public var phoneNumber: String?
    public var scope: String

    /// - Parameters:
    ///   - clientId: the ReachFive client.
    ///   - origin: the WebAuthn origin the ceremony runs under.
    ///   - username: the identifier the server needs for a non-discoverable login.
    ///   - scope: the scopes the login's tokens carry.
    public init(clientId: String, origin: String, username: Username? = nil, scope: [String]? = nil) {
        self.clientId = clientId
        self.origin = origin
        (email, phoneNumber) = username?.identifiers ?? (nil, nil)
        self.scope = (scope ?? []).joined(separator: " ")
    }
}

/// The one-time token a WebAuthn ceremony ends with, exchanged at `/oauth/authorize`.
public class AuthenticationToken: Codable, DictionaryEncodable, @unchecked Sendable {
    public let tkn: String

    public init(tkn: String) {
        self.tkn = tkn
    }
}
