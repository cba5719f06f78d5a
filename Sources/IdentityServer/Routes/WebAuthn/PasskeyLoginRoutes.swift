import Encoding
import Hummingbird

/// `POST /identity/v1/webauthn/authentication-options` `{client_id, origin, scope, email? |
/// phone_number?}` → request options (discoverable, or for the named account's passkeys);
/// `POST /identity/v1/webauthn/authentication` with the assertion as the body → `{tkn}` (or a
/// step-up: `{tkn, mfa_required: true}`).
extension WebAuthnRoutes {
    func addLoginRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/webauthn/authentication-options") { request, _ in
            let body = try await RequestBody.decode(Passkeys.LoginStart.self, from: request)
            return try JSONResponse.make(try await passkeys.authenticationOptions(body))
        }
        routes.anonymous(.post, "/identity/v1/webauthn/authentication") { request, _ in
            let credential = try await RequestBody.decode(CredentialBody.self, from: request)
            let outcome = try await passkeys.authenticate(credential, trustedDevice: MfaRoutes.trustedDevice(of: request))
            return try JSONResponse.make(try TknResponse(outcome))
        }
    }
}
