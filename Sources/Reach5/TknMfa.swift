import Foundation

/// A password login's answer: the `tkn` and whether a second factor must follow.
public class TknMfa: Codable, DictionaryEncodable, @unchecked Sendable {
    public let tkn: String
    public let mfaRequired: Bool?
}
