import Encoding
import Hummingbird

/// `POST /identity/v1/password/login`: `{email | phone_number | custom_identifier, password,
/// grant_type: "password", client_id, scope}` → `{tkn}`. Bad credentials are 400
/// `invalid_grant`, the same answer (and the same scrypt work) for an unknown account.
struct PasswordLoginRoutes {
    let env: ServerEnvironment

    struct PasswordLoginRequest: Decodable, Sendable {
        var clientId: String?
        var grantType: String?
        var scope: String?
        var password: String?
        var email: String?
        var phoneNumber: String?
        var customIdentifier: String?

        enum CodingKeys: String, CodingKey {
            case password, email, scope
            case clientId = "client_id"
            case grantType = "grant_type"
            case phoneNumber = "phone_number"
            case customIdentifier = "custom_identifier"
        }

        var identifier: LoginIdentifier {
            LoginIdentifier(email: email, phoneNumber: phoneNumber, customIdentifier: customIdentifier)
        }
    }

    /// A login's single-use `tkn` for `/oauth/authorize` (no MFA step in this emulator).
    struct TknResponse: Encodable, Sendable {
        var tkn: String
        var mfaRequired = false

        enum CodingKeys: String, CodingKey {
            case tkn
            case mfaRequired = "mfa_required"
        }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/password/login") { request, _ in
            let body = try await RequestBody.decode(PasswordLoginRequest.self, from: request)
            try env.requireClient(body.clientId)
            if let grant = body.grantType, grant != "password" {
                throw APIError.invalidRequest("grant_type must be \"password\"", field: "grant_type")
            }
            _ = try env.scopes(body.scope)
            let tkn = try await Accounts(env: env).passwordLogin(body.identifier, password: body.password)
            // A second factor may be due: the tkn is then replaced by a step-up token (Mfa+StepUp.swift).
            if let stepUp = try await Mfa(env: env).gateLogin(tkn: tkn, trustedDeviceId: MfaRoutes.trustedDevice(of: request)) {
                return try JSONResponse.make(TknResponse(tkn: stepUp, mfaRequired: true))
            }
            return try JSONResponse.make(TknResponse(tkn: tkn))
        }
    }
}
