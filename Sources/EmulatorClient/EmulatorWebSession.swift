import Foundation

/// An SSO session of the server's hosted login page (`GET /emulator/v1/sessions`): a browser that
/// logged in there, or through an emulated provider's page, logs in again without a page.
public struct EmulatorWebSession: Decodable, Sendable, Equatable {
    public let id: String
    /// The account's `uid`.
    public let accountId: String
    /// How the login that opened it proved its first factor (`password`, `social`, …).
    public let method: String
    /// When that login happened (seconds since 1970, server clock): a silent login's `auth_time`.
    public let authTime: Int64
    public let createdAt: Int64
    public let expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case id
        case accountId = "account_id"
        case method
        case authTime = "auth_time"
        case createdAt = "created_at"
        case expiresAt = "expires_at"
    }
}
