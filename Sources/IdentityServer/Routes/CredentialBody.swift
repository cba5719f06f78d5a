import Encoding
import Foundation

/// A WebAuthn credential as the ReachFive SDKs post it (snake_case, base64url without padding):
/// `{id, raw_id, type, response: {client_data_json, attestation_object | authenticator_data,
/// signature, user_handle}}`.
struct CredentialBody: Sendable {
    var rawId: [UInt8]
    var clientDataJSON: [UInt8]
    var attestationObject: [UInt8]?
    var authenticatorData: [UInt8]?
    var signature: [UInt8]?
    var userHandle: [UInt8]?
    /// The challenge the client data names (unverified until the verifier checks it); it is
    /// how the server finds the ceremony.
    var challenge: String

    init(_ body: JSONBody) throws(APIError) {
        let id = try body.requiredString("id", maxLength: 2048)
        rawId = try body.bytes("raw_id", maxLength: 1024)
        guard Base64URL.decode(id) == rawId else { throw APIError.invalidRequest("id must be the base64url form of raw_id", field: "id") }
        guard try body.requiredString("type", maxLength: 64) == "public-key" else {
            throw APIError.invalidRequest("type must be \"public-key\"", field: "type")
        }
        let response = try body.requiredObject("response")
        clientDataJSON = try response.bytes("client_data_json", maxLength: 16 * 1024)
        attestationObject = response.has("attestation_object") ? try response.bytes("attestation_object", maxLength: 256 * 1024) : nil
        authenticatorData = response.has("authenticator_data") ? try response.bytes("authenticator_data", maxLength: 16 * 1024) : nil
        signature = response.has("signature") ? try response.bytes("signature", maxLength: 2048) : nil
        if let handle = try response.string("user_handle", maxLength: 256), !handle.isEmpty {
            guard let bytes = Base64URL.decode(handle) else {
                throw APIError.invalidRequest("user_handle is not base64url", field: "user_handle")
            }
            userHandle = bytes
        }
        guard case .object(let clientData)? = try? StrictJSON.parse(clientDataJSON), case .string(let c)? = clientData["challenge"] else {
            throw APIError(
                .badRequest, "invalid_request", "client_data_json is not a JSON object with a challenge", key: .webauthnFailed,
                details: [FieldError(field: "response.client_data_json", message: "no challenge", code: "invalid")])
        }
        challenge = c
    }
}
