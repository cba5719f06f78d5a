import Encoding
import Hummingbird

/// Password signup: `POST /identity/v1/signup-token` (the iOS SDK: tokens in the response) and
/// `POST /identity/v1/signup` (the web SDK: `{id, tkn}`, then the tkn exchange).
struct SignupRoutes {
    let env: ServerEnvironment

    /// The request both routes take: `{client_id, data: {password, email?, …}, scope?, redirect_url?, origin?}`.
    struct SignupRequest {
        var clientId: String
        var draft: AccountDraft
        var password: String
        var scope: [String]
        var redirectURL: String?

        init(_ body: JSONBody, env: ServerEnvironment) throws {
            try env.requireClient(try body.string("client_id"))
            clientId = env.configuration.clientId
            let data = try body.requiredObject("data")
            password = try data.requiredString("password", maxLength: 1024)
            draft = try ProfileInput.draft(data, env: env)
            scope = try env.scopes(try body.string("scope"))
            redirectURL = try body.string("redirect_url", maxLength: 2048)
        }
    }

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/signup-token") { request, _ in
            let (account, signup) = try await createAccount(request)
            guard env.configuration.unverifiedIdentifierLogin else {
                // The SDK's AwaitingIdentifierVerification: no access_token until verified.
                return JSONResponse.make(.object([:]))
            }
            let now = env.now
            try env.store.write { db in try env.store.recordLogin(accountId: account.id, type: "password", at: now, in: db) }
            let fresh = try env.store.account(id: account.id) ?? account
            return JSONResponse.make(try env.issueTokens(account: fresh, clientId: signup.clientId, scope: signup.scope, authTime: now))
        }
        router.post("/identity/v1/signup") { request, _ in
            let (account, _) = try await createAccount(request)
            var body: [String: JSONValue] = ["id": .string(account.id)]
            if env.configuration.unverifiedIdentifierLogin {
                body["tkn"] = .string(try env.issueTkn(for: account, authType: "password"))
            }
            return JSONResponse.make(.object(body))
        }
    }

    private func createAccount(_ request: Request) async throws -> (Account, SignupRequest) {
        let signup = try SignupRequest(try await JSONBody.read(request), env: env)
        try ProfileInput.checkStrength(signup.password, draft: signup.draft, env: env)
        var draft = signup.draft
        draft.passwordHash = try await env.passwords.hash(signup.password, random: env.secrets.random)
        let account = try AccountCreation.create(draft, in: env)
        if account.email != nil, env.configuration.verifyEmailTemplate {
            try EmailVerification.send(to: account, redirectURL: signup.redirectURL, limited: false, env: env)
        }
        return (account, signup)
    }
}
