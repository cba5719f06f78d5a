import Encoding

/// An account's MFA state as the emulator reports it: its second factors, the devices it trusts
/// (unexpired ones), and how many step-ups are in progress.
public struct EmulatorMfaState: Decodable, Sendable, Equatable {
    /// A second factor: the account's email (`email`) or a phone number (`sms`).
    public struct Credential: Decodable, Sendable, Equatable {
        /// `email` or `sms`.
        public let type: String
        /// The address or phone number the codes go to.
        public let target: String
        /// ISO 8601.
        public let createdAt: String

        enum CodingKeys: String, CodingKey {
            case type, target
            case createdAt = "created_at"
        }
    }

    public struct TrustedDevice: Decodable, Sendable, Equatable {
        /// The id its `r5_trusted_device` cookie carries (and `mfaDelete(trustedDeviceId:)` takes).
        public let id: String
        /// ISO 8601.
        public let createdAt: String
        /// ISO 8601: from then on the device steps up again.
        public let expiresAt: String
        /// What the server noted about the device (`device_class`, `user_agent`).
        public let metadata: JSONValue

        enum CodingKeys: String, CodingKey {
            case id, metadata
            case createdAt = "created_at"
            case expiresAt = "expires_at"
        }
    }

    public let accountId: String
    public let credentials: [Credential]
    public let trustedDevices: [TrustedDevice]
    /// Logins waiting for their second factor and step-ups started, not yet verified or expired.
    public let pendingStepUps: Int

    enum CodingKeys: String, CodingKey {
        case credentials
        case accountId = "account_id"
        case trustedDevices = "trusted_devices"
        case pendingStepUps = "pending_step_ups"
    }
}
