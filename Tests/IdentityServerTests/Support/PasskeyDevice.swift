import Authenticator
import Encoding
import Foundation
import WebAuthn
import XCTest

/// The project's software authenticator and WebAuthn client, speaking the ReachFive SDKs'
/// snake_case JSON to the server: options in, credential bodies out.
struct PasskeyDevice {
    let client: WebAuthnClient
    let store: InMemoryCredentialStore
    var origin = "https://localhost"

    init(
        profile: AuthenticatorProfile = .icloud, store: InMemoryCredentialStore = InMemoryCredentialStore(),
        overrides: ResponseOverrides = .init()
    ) throws {
        self.store = store
        client = WebAuthnClient(
            authenticator: try SoftwareAuthenticator(profile: profile, store: store, overrides: overrides), publicSuffixList: nil)
    }

    /// Registers for creation options as the server sent them (`options.public_key`), and
    /// returns the credential body the SDK posts.
    func create(_ serverOptions: JSONValue) throws -> JSONValue {
        let publicKey = try XCTUnwrap(serverOptions["options"]?["public_key"])
        let response = try client.create(optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: origin)
        return .object([
            "id": .string(response.id), "raw_id": .string(Base64URL.encode(response.rawId.bytes)), "type": "public-key",
            "response": .object([
                "attestation_object": .string(Base64URL.encode(response.response.attestationObject.bytes)),
                "client_data_json": .string(Base64URL.encode(response.response.clientDataJSON.bytes)),
            ]),
        ])
    }

    /// Signs for request options as the server sent them (`public_key`).
    func get(_ serverOptions: JSONValue, credentialId: [UInt8]? = nil) throws -> JSONValue {
        let publicKey = try XCTUnwrap(serverOptions["public_key"])
        let response = try client.get(
            optionsJSON: Array(JSONText.serialize(JSONKeyCase.camelCased(publicKey)).utf8), origin: origin, credentialId: credentialId)
        var r: [String: JSONValue] = [
            "authenticator_data": .string(Base64URL.encode(response.response.authenticatorData.bytes)),
            "client_data_json": .string(Base64URL.encode(response.response.clientDataJSON.bytes)),
            "signature": .string(Base64URL.encode(response.response.signature.bytes)),
        ]
        if let handle = response.response.userHandle { r["user_handle"] = .string(Base64URL.encode(handle.bytes)) }
        return .object([
            "id": .string(response.id), "raw_id": .string(Base64URL.encode(response.rawId.bytes)), "type": "public-key",
            "response": .object(r),
        ])
    }
}
