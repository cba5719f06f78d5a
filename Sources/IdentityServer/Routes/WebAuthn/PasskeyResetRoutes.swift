import Encoding
import Hummingbird

/// Account recovery with a new passkey: `POST …/reset-options` `{client_id, origin, email |
/// phone_number, verification_code, friendly_name?}` → creation options; `POST …/reset` `{client_id,
/// email | phone_number, verification_code, public_key_credential}` → 204, every other passkey and
/// session of the account ended.
extension WebAuthnRoutes {
    struct ResetOptionsRequest: Codable, Sendable {
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

    struct ResetRequest: Codable, Sendable {
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

    func addResetRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/webauthn/reset-options") { request, _ in
            let body = try await RequestBody.decode(ResetOptionsRequest.self, from: request)
            return try JSONResponse.make(try await env.passkeys.resetOptions(body))
        }
        routes.anonymous(.post, "/identity/v1/webauthn/reset") { request, _ in
            let body = try await RequestBody.decode(ResetRequest.self, from: request)
            try await env.passkeys.reset(body)
            return JSONResponse.noContent()
        }
    }
}
