import Encoding

/// What each passkey ceremony's calls carry (the SDK's snake_case bodies), as ``Passkeys``
/// takes them: the routes decode these and hand them over whole.
extension Passkeys {
    struct LoginStart: Codable, Sendable {
        var clientId: String?
        var origin: String?
        var scope: String?
        /// Either names the account (a non-discoverable login); neither is a discoverable one.
        var email: String?
        var phoneNumber: String?

        enum CodingKeys: String, CodingKey {
            case origin, scope, email
            case clientId = "client_id"
            case phoneNumber = "phone_number"
        }
    }

    struct RegistrationStart: Codable, Sendable {
        var origin: String?
        var friendlyName: String?

        enum CodingKeys: String, CodingKey {
            case origin
            case friendlyName = "friendly_name"
        }
    }

    struct ResetStart: Codable, Sendable {
        var clientId: String?
        var origin: String?
        var email: String?
        var phoneNumber: String?
        var verificationCode: String?
        var friendlyName: String?

        enum CodingKeys: String, CodingKey {
            case origin, email
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case verificationCode = "verification_code"
            case friendlyName = "friendly_name"
        }
    }

    struct ResetFinish: Codable, Sendable {
        var clientId: String?
        var email: String?
        var phoneNumber: String?
        var verificationCode: String?
        var publicKeyCredential: CredentialBody

        enum CodingKeys: String, CodingKey {
            case email
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case verificationCode = "verification_code"
            case publicKeyCredential = "public_key_credential"
        }
    }

    struct SignupStart: Codable, Sendable {
        var clientId: String?
        var origin: String?
        var scope: String?
        var friendlyName: String?
        /// The new account's profile, as signup's `data`.
        var profile: ProfileFields

        enum CodingKeys: String, CodingKey {
            case origin, scope, profile
            case clientId = "client_id"
            case friendlyName = "friendly_name"
        }
    }

    struct SignupFinish: Codable, Sendable {
        /// The user handle the options named (`options.public_key.user.id`).
        var webauthnId: String?
        var publicKeyCredential: CredentialBody

        enum CodingKeys: String, CodingKey {
            case webauthnId = "webauthn_id"
            case publicKeyCredential = "public_key_credential"
        }
    }
}
