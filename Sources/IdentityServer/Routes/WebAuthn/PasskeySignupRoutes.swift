import Encoding
import Hummingbird

/// `POST /identity/v1/webauthn/signup-options` `{client_id, origin, scope, friendly_name,
/// profile}` → creation options for a new account's passkey; `POST /identity/v1/webauthn/signup`
/// `{webauthn_id, public_key_credential}` → `{tkn}` for the account created with it.
extension WebAuthnRoutes {
    struct SignupOptionsRequest: Codable, Sendable {
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

    struct SignupRequest: Codable, Sendable {
        /// The user handle the options named (`options.public_key.user.id`).
        var webauthnId: String?
        var publicKeyCredential: CredentialBody

        enum CodingKeys: String, CodingKey {
            case webauthnId = "webauthn_id"
            case publicKeyCredential = "public_key_credential"
        }
    }

    func addSignupRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/webauthn/signup-options") { request, _ in
            let body = try await RequestBody.decode(SignupOptionsRequest.self, from: request)
            return try JSONResponse.make(try await env.passkeys.signupOptions(body))
        }
        routes.anonymous(.post, "/identity/v1/webauthn/signup") { request, _ in
            let body = try await RequestBody.decode(SignupRequest.self, from: request)
            return try JSONResponse.make(try TknResponse(try await env.passkeys.signup(body)))
        }
    }
}
