import Encoding
import Foundation

/// The options documents of the WebAuthn routes, in the snake_case shape the SDKs decode.
enum WebAuthnOptions {
    /// ES256 first (every platform authenticator), RS256 for Windows Hello.
    static let algorithms = [-7, -257]

    /// `{type: "public-key", id}`: a credential to allow or exclude.
    struct Descriptor: Codable, Sendable, Equatable {
        var type = "public-key"
        var id: Base64URLBytes

        init(_ id: [UInt8]) { self.id = Base64URLBytes(id) }
    }

    /// What registration, signup and reset options answer: `{friendly_name, options: {public_key}}`.
    struct Creation: Codable, Sendable {
        var friendlyName: String
        var options: Options

        struct Options: Codable, Sendable {
            var publicKey: PublicKey
            enum CodingKeys: String, CodingKey { case publicKey = "public_key" }
        }

        struct PublicKey: Codable, Sendable {
            var rp: RelyingParty
            var user: User
            var challenge: String
            var pubKeyCredParams: [Parameter] = WebAuthnOptions.algorithms.map { Parameter(alg: $0) }
            /// Milliseconds.
            var timeout: Int64
            var excludeCredentials: [Descriptor]
            var authenticatorSelection = Selection()
            var attestation = "none"

            enum CodingKeys: String, CodingKey {
                case rp, user, challenge, timeout, attestation
                case pubKeyCredParams = "pub_key_cred_params"
                case excludeCredentials = "exclude_credentials"
                case authenticatorSelection = "authenticator_selection"
            }
        }

        struct RelyingParty: Codable, Sendable {
            var id: String
            var name: String
        }

        struct User: Codable, Sendable {
            var id: Base64URLBytes
            var name: String
            var displayName: String
            enum CodingKeys: String, CodingKey {
                case id, name
                case displayName = "display_name"
            }
        }

        struct Parameter: Codable, Sendable {
            var alg: Int
            var type = "public-key"
        }

        /// A discoverable credential (the SDKs sign in without naming the account).
        struct Selection: Codable, Sendable {
            var residentKey = "required"
            var requireResidentKey = true
            var userVerification = "preferred"
            enum CodingKeys: String, CodingKey {
                case residentKey = "resident_key"
                case requireResidentKey = "require_resident_key"
                case userVerification = "user_verification"
            }
        }

        enum CodingKeys: String, CodingKey {
            case options
            case friendlyName = "friendly_name"
        }
    }

    /// What authentication options answer: `{public_key}`; `allow_credentials` only for a named
    /// account (a discoverable login lists none).
    struct Request: Codable, Sendable {
        var publicKey: PublicKey

        struct PublicKey: Codable, Sendable {
            var challenge: String
            var rpId: String
            var userVerification = "preferred"
            /// Milliseconds.
            var timeout: Int64
            var allowCredentials: [Descriptor]?

            enum CodingKeys: String, CodingKey {
                case challenge, timeout
                case rpId = "rp_id"
                case userVerification = "user_verification"
                case allowCredentials = "allow_credentials"
            }
        }

        enum CodingKeys: String, CodingKey { case publicKey = "public_key" }
    }

    /// Creation options for `user`, with the configured relying party and challenge lifetime.
    static func creation(
        challenge: String, user: Creation.User, exclude: [[UInt8]], friendlyName: String, configuration: ServerConfiguration
    ) -> Creation {
        Creation(
            friendlyName: friendlyName,
            options: .init(
                publicKey: .init(
                    rp: .init(id: configuration.rpId, name: configuration.rpName), user: user, challenge: challenge,
                    timeout: configuration.lifetimes.challenge * 1000, excludeCredentials: exclude.map(Descriptor.init))))
    }

    static func request(challenge: String, allow: [[UInt8]]?, configuration: ServerConfiguration) -> Request {
        Request(
            publicKey: .init(
                challenge: challenge, rpId: configuration.rpId, timeout: configuration.lifetimes.challenge * 1000,
                allowCredentials: allow?.map(Descriptor.init)))
    }
}
