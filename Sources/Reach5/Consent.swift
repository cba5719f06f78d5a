import Foundation

/// A consent the profile gave or refused, as the SDK's `Consent`.
public class Consent: Codable, DictionaryEncodable, @unchecked Sendable {
    public let granted: Bool
    public let consentType: String?
    public let date: String

    public init(granted: Bool, consentType: String?, date: String) {
        self.granted = granted
        self.consentType = consentType
        self.date = date
    }
}
