import Foundation

/// A second factor's kind, as the step-up and the credential list name it (`"email"`, `"sms"`).
public enum MfaCredentialItemType: String, Codable, Sendable {
    case email
    case sms
}

/// The status a credential registration start answers (`POST /identity/v1/mfa/credentials/…`).
public enum Status: String, Sendable {
    case emailSent = "email_sent"
    case enabled
    case smsSent = "sms_sent"
}

/// One registered second factor, as `GET /identity/v1/mfa/credentials` lists it.
public class MfaCredentialItem: Codable, DictionaryEncodable, @unchecked Sendable {
    public let createdAt: String
    public let friendlyName: String
    public let phoneNumber: String?
    public let email: String?
    public let type: MfaCredentialItemType

    public init(createdAt: String, friendlyName: String, type: MfaCredentialItemType, phoneNumber: String? = nil, email: String? = nil) {
        self.createdAt = createdAt
        self.friendlyName = friendlyName
        self.phoneNumber = phoneNumber
        self.email = email
        self.type = type
    }
}

/// The account's second factors.
public class MfaCredentialsListResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public let credentials: [MfaCredentialItem]

    public init(credentials: [MfaCredentialItem]) {
        self.credentials = credentials
    }
}

/// The answer to a credential registration start: `enabled` with the credential when no
/// verification is needed, else `email_sent` / `sms_sent`.
public class MfaStartCredentialRegistrationResponse: Codable, DictionaryEncodable, @unchecked Sendable {
    public let status: String
    public let credential: MfaCredentialItem?

    public init(status: String, credential: MfaCredentialItem? = nil) {
        self.status = status
        self.credential = credential
    }
}
