/// A passkey registered to the account (`listWebAuthnCredentials`).
public class DeviceCredential: Codable, DictionaryEncodable, @unchecked Sendable {
    public let friendlyName: String
    public let id: String

    public init(friendlyName: String, id: String) {
        self.friendlyName = friendlyName
        self.id = id
    }
}
