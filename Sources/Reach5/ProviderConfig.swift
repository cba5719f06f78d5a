import Foundation

/// A social provider the account offers (`initialize()`).
public struct ProviderConfig: Sendable, Codable, Equatable {
    public let provider: String
    public let variant: String?
    public let clientId: String?
    public let scope: [String]?
}
