import Encoding
import Hummingbird

/// `POST /identity/v1/webauthn/authentication-options` `{client_id, origin, scope, email? |
/// phone_number?}` → request options (discoverable, or for the named account's passkeys);
/// `POST /identity/v1/webauthn/authentication` with the assertion as the body → `{tkn}`.
extension WebAuthnRoutes {
    struct AuthenticationOptionsRequest: Codable, Sendable {
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

    func addLoginRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/webauthn/authentication-options") { request, _ in
            let body = try await RequestBody.decode(AuthenticationOptionsRequest.self, from: request)
            return try JSONResponse.make(try await env.passkeys.authenticationOptions(body))
        }
        router.post("/identity/v1/webauthn/authentication") { request, _ in
            let credential = try await RequestBody.decode(CredentialBody.self, from: request)
            return try JSONResponse.make(TknResponse(tkn: try await env.passkeys.authenticate(credential)))
        }
    }
}
