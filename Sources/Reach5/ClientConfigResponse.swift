import Foundation

/// The client configuration `initialize()` reads from `/identity/v1/config`.
public class ClientConfigResponse: Codable, @unchecked Sendable {
    public let scope: String
    public let sms: Bool

    public init(scope: String, sms: Bool) {
        self.scope = scope
        self.sms = sms
    }
}
