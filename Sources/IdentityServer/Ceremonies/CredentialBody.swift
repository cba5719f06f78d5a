import Encoding
import Foundation

/// A WebAuthn credential as the ReachFive SDKs post it (snake_case, base64url without padding):
/// `{id, raw_id, type, response: {client_data_json, attestation_object | authenticator_data,
/// signature, user_handle}}`. Unknown members (`client_extension_results`,
/// `authenticator_attachment`) are ignored.
struct CredentialBody: Codable, Sendable {
    /// The only credential type WebAuthn defines.
    enum CredentialType: String, Codable, Sendable { case publicKey = "public-key" }

    struct Response: Codable, Sendable {
        var clientDataJSON: Base64URLBytes
        var attestationObject: Base64URLBytes?
        var authenticatorData: Base64URLBytes?
        var signature: Base64URLBytes?
        /// Base64url; empty is the same as absent (some SDKs send `""` for a non-discoverable login).
        var userHandle: String?

        enum CodingKeys: String, CodingKey {
            case signature
            case clientDataJSON = "client_data_json"
            case attestationObject = "attestation_object"
            case authenticatorData = "authenticator_data"
            case userHandle = "user_handle"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            clientDataJSON = try c.decode(Base64URLBytes.self, forKey: .clientDataJSON)
            attestationObject = try c.decodeIfPresent(Base64URLBytes.self, forKey: .attestationObject)
            authenticatorData = try c.decodeIfPresent(Base64URLBytes.self, forKey: .authenticatorData)
            signature = try c.decodeIfPresent(Base64URLBytes.self, forKey: .signature)
            userHandle = try c.decodeIfPresent(String.self, forKey: .userHandle)
            if let handle = userHandle, !handle.isEmpty, Base64URL.decode(handle) == nil {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: c.codingPath + [CodingKeys.userHandle], debugDescription: "is not base64url"))
            }
        }

        /// The user handle's bytes, or nil when absent or empty.
        var userHandleBytes: [UInt8]? { userHandle.flatMap { $0.isEmpty ? nil : Base64URL.decode($0) } }
    }

    var id: String
    var rawId: Base64URLBytes
    var type: CredentialType
    var response: Response

    enum CodingKeys: String, CodingKey {
        case id, type, response
        case rawId = "raw_id"
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        rawId = try c.decode(Base64URLBytes.self, forKey: .rawId)
        guard !id.isEmpty else {
            throw StrictJSONDecodingError(
                path: StrictJSONDecodingError.path(c.codingPath + [CodingKeys.id]), code: .required, reason: "is required")
        }
        guard Base64URL.decode(id) == rawId.bytes else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: c.codingPath + [CodingKeys.id], debugDescription: "must be the base64url form of raw_id"))
        }
        type = try c.decode(CredentialType.self, forKey: .type)
        response = try c.decode(Response.self, forKey: .response)
    }

    /// The challenge the client data names (unverified until the verifier checks it): how the
    /// server finds the ceremony.
    func challenge() throws(APIError) -> String {
        let notClientData = APIError(
            .badRequest, "invalid_request", "client_data_json is not a JSON object with a challenge", key: .webauthnFailed,
            details: [FieldError(field: "response.client_data_json", message: "no challenge", code: "invalid")])
        let clientData: JSONValue
        do { clientData = try StrictJSON.parse(response.clientDataJSON.bytes) } catch { throw notClientData }
        guard case .object(let members) = clientData, case .string(let challenge)? = members["challenge"] else { throw notClientData }
        return challenge
    }
}
