import Encoding
import Hummingbird

/// `POST /identity/v1/password/login`: `{email | phone_number | custom_identifier, password,
/// grant_type: "password", client_id, scope}` → `{tkn}`. Bad credentials are 400
/// `invalid_grant`, the same answer (and the same scrypt work) for an unknown account.
struct PasswordLoginRoutes {
    let accounts: Accounts
    let configuration: ServerConfiguration

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

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/password/login") { request, _ in
            let body = try await RequestBody.decode(PasswordLoginRequest.self, from: request)
            try configuration.requireClient(body.clientId)
            if let grant = body.grantType, grant != "password" {
                throw APIError.invalidRequest("grant_type must be \"password\"", field: "grant_type")
            }
            _ = try configuration.scopes(body.scope)
            let outcome = try await accounts.passwordLogin(
                body.identifier, password: body.password, trustedDevice: MfaRoutes.trustedDevice(of: request))
            return try JSONResponse.make(try TknResponse(outcome))
        }
    }
}
