import Encoding
import Hummingbird

/// `POST /identity/v1/webauthn/signup-options` `{client_id, origin, scope, friendly_name,
/// profile}` → creation options for a new account's passkey; `POST /identity/v1/webauthn/signup`
/// `{webauthn_id, public_key_credential}` → `{tkn}` for the account created with it.
extension WebAuthnRoutes {
    func addSignupRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/webauthn/signup-options") { request, _ in
            let body = try await RequestBody.decode(Passkeys.SignupStart.self, from: request)
            return try JSONResponse.make(try await passkeys.signupOptions(body))
        }
        routes.anonymous(.post, "/identity/v1/webauthn/signup") { request, _ in
            let body = try await RequestBody.decode(Passkeys.SignupFinish.self, from: request)
            return try JSONResponse.make(try TknResponse(try await passkeys.signup(body)))
        }
    }
}
