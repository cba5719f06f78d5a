import Foundation

/// The profile's verified and unverified addresses, as the SDK's `Emails`.
public class Emails: Codable, DictionaryEncodable, @unchecked Sendable {
    public let verified: [String]?
    public let unverified: [String]?

    public init(verified: [String]?, unverified: [String]?) {
        self.verified = verified
        self.unverified = unverified
    }
}
