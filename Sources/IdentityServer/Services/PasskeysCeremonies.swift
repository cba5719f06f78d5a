import Encoding

/// What each WebAuthn ceremony remembers with its challenge, between the options call and the
/// finish call (stored as JSON beside the challenge; see ChallengeRecords).
enum PasskeyCeremony {
    /// A passkey signup: the account to create once the passkey is verified.
    struct Signup: Codable, Sendable {
        var origin: String
        /// The user handle the options named; the finish call must send it back.
        var webauthnId: Base64URLBytes
        var profile: ProfileFields
        var friendlyName: String
        var scope: String

        enum CodingKeys: String, CodingKey {
            case origin, profile, scope
            case webauthnId = "webauthn_id"
            case friendlyName = "friendly_name"
        }
    }

    /// A login: discoverable (any passkey) or for the named account's passkeys only.
    struct Authentication: Codable, Sendable {
        var origin: String
        var scope: String
        var accountId: String?
        var allow: [Base64URLBytes]?

        enum CodingKeys: String, CodingKey {
            case origin, scope, allow
            case accountId = "account_id"
        }
    }

    /// A passkey added to a signed-in account.
    struct Registration: Codable, Sendable {
        var origin: String
        var accountId: String
        var friendlyName: String

        enum CodingKeys: String, CodingKey {
            case origin
            case accountId = "account_id"
            case friendlyName = "friendly_name"
        }
    }

    /// An account recovery's new passkey. `movedUserId` is set when the recovery's proof will
    /// move the identifier to a new account (IdentifierProof): the passkey is made for that
    /// account's user handle, chosen with the options.
    struct Reset: Codable, Sendable {
        var origin: String
        var accountId: String
        var friendlyName: String
        var movedUserId: Base64URLBytes?

        enum CodingKeys: String, CodingKey {
            case origin
            case accountId = "account_id"
            case friendlyName = "friendly_name"
            case movedUserId = "moved_user_id"
        }
    }
}
