import Encoding
import Hummingbird

/// Account recovery with a new passkey: `POST …/reset-options` `{client_id, origin, email |
/// phone_number, verification_code, friendly_name?}` → creation options; `POST …/reset` `{client_id,
/// email | phone_number, verification_code, public_key_credential}` → 204, every other passkey and
/// session of the account ended.
extension WebAuthnRoutes {
    func addResetRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/webauthn/reset-options") { request, _ in
            let body = try await RequestBody.decode(Passkeys.ResetStart.self, from: request)
            return try JSONResponse.make(try await passkeys.resetOptions(body))
        }
        routes.anonymous(.post, "/identity/v1/webauthn/reset") { request, _ in
            let body = try await RequestBody.decode(Passkeys.ResetFinish.self, from: request)
            try await passkeys.reset(body)
            return JSONResponse.noContent()
        }
    }
}
