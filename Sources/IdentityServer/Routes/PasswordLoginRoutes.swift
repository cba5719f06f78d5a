import Encoding
import Hummingbird

/// `POST /identity/v1/password/login`: `{email | phone_number | custom_identifier, password,
/// grant_type: "password", client_id, scope}` → `{tkn}`. Bad credentials are 400
/// `invalid_grant`, the same answer (and the same scrypt work) for an unknown account.
struct PasswordLoginRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/password/login") { request, _ in
            let body = try await JSONBody.read(request)
            try env.requireClient(try body.string("client_id"))
            if let grant = try body.string("grant_type"), grant != "password" {
                throw APIError.invalidRequest("grant_type must be \"password\"", field: "grant_type")
            }
            _ = try env.scopes(try body.string("scope"))
            let password = try body.requiredString("password", maxLength: 1024)
            let account = try Self.lookup(body, env: env)
            guard await env.passwords.verify(password, against: account?.passwordHash), let account else { throw APIError.badCredentials }
            if !env.configuration.unverifiedIdentifierLogin && !account.emailVerified && !account.phoneNumberVerified {
                throw APIError(.badRequest, "invalid_grant", "The identifier is not verified", key: .invalidGrant)
            }
            let tkn = try env.issueTkn(for: account, authType: "password", checkingPassword: true)
            return JSONResponse.make(.object(["tkn": .string(tkn), "mfa_required": false]))
        }
    }

    /// The account a login body names; nil when none (the caller answers as for a bad password).
    static func lookup(_ body: JSONBody, env: ServerEnvironment) throws -> Account? {
        if let email = try body.string("email", maxLength: 320) {
            guard let e = EmailAddress.normalized(email) else { return nil }
            return try env.store.account(where: .email, equals: e)
        }
        if let phone = try body.string("phone_number", maxLength: 64) {
            guard let p = PhoneNumbers.e164(phone, region: env.configuration.defaultCountry) else { return nil }
            return try env.store.account(where: .phoneNumber, equals: p)
        }
        if let ci = try body.string("custom_identifier", maxLength: 400) {
            guard let key = CustomIdentifier.lookupKey(ci) else { return nil }
            return try env.store.account(where: .customIdentifier, equals: key)
        }
        throw APIError.invalidRequest("An email, phone_number or custom_identifier is required", field: "email", code: "required")
    }
}
