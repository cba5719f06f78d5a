import Encoding
import Hummingbird

/// Passwordless login by email (magic link) or SMS: `POST /identity/v1/passwordless/start`
/// sends a code, `POST /identity/v1/verify-auth-code` checks it, `POST /identity/v1/passwordless/verify`
/// exchanges it for an authorization code bound to the PKCE challenge given at start. Also
/// `POST /identity/v1/account-recovery`, which sends the code the passkey reset routes take.
struct PasswordlessRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/identity/v1/passwordless/start") { request, _ in
            let body = try await JSONBody.read(request)
            try env.requireClient(try body.string("client_id"))
            guard try body.string("response_type") ?? "code" == "code" else {
                throw APIError.invalidRequest("response_type must be code", field: "response_type")
            }
            let redirectURI = try body.requiredString("redirect_uri", maxLength: 2048)
            guard env.configuration.callbackURLs.contains(redirectURI) else {
                throw APIError.invalidRequest(
                    "redirect_uri is not an allowed callback URL of this client", field: "redirect_uri", code: "not_allowed")
            }
            let challenge = try body.requiredString("code_challenge", maxLength: 128)
            guard try body.string("code_challenge_method") == "S256", Base64URL.decode(challenge)?.count == 32 else {
                throw APIError.invalidRequest("PKCE with code_challenge_method S256 is required", field: "code_challenge_method")
            }
            let (account, target, channel) = try identify(body, createIfMissing: true)
            let authType = try body.string("auth_type") ?? (channel == .email ? "magic_link" : "sms")
            guard (authType == "magic_link" && channel == .email) || (authType == "sms" && channel == .sms) else {
                throw APIError.invalidRequest("auth_type must be magic_link with an email or sms with a phone_number", field: "auth_type")
            }
            let state = try body.string("state", maxLength: 512) ?? "passwordless"
            try CodeDelivery.send(
                .passwordless, to: account, target: target, channel: channel, subject: "Your sign-in link",
                text: "Your sign-in code is", linkBase: redirectURI, linkParameters: ["state": state],
                data: .object(["code_challenge": .string(challenge), "redirect_uri": .string(redirectURI)]), env: env)
            return JSONResponse.noContent()
        }
        router.post("/identity/v1/verify-auth-code") { request, _ in
            let body = try await JSONBody.read(request)
            let (account, target, _) = try identify(body, createIfMissing: false)
            let code = try body.requiredString("verification_code", maxLength: 64)
            guard
                try env.store.read({ db in
                    try env.store.peekCode(accountId: account.id, purpose: .passwordless, target: target, code: code, now: env.now, in: db)
                })
            else {
                throw APIError.invalidVerificationCode
            }
            return JSONResponse.noContent()
        }
        router.post("/identity/v1/passwordless/verify") { request, _ in
            let body = try await JSONBody.read(request)
            try env.requireClient(try body.string("client_id"))
            let (account, target, channel) = try identify(body, createIfMissing: false)
            let code = try body.requiredString("verification_code", maxLength: 64)
            let authorizationCode = env.secrets.token()
            let now = env.now
            try env.store.write { db in
                guard
                    case .object(let data)? = try env.store.consumeCode(
                        accountId: account.id, purpose: .passwordless, target: target,
                        code: code, now: now, in: db),
                    let challenge = data["code_challenge"]?.stringValue, let redirectURI = data["redirect_uri"]?.stringValue
                else {
                    throw APIError.invalidVerificationCode
                }
                let owner = try IdentifierProof.claim(channel == .email ? .email : .phoneNumber, accountId: account.id, env: env, in: db)
                try env.store.recordLogin(accountId: owner, type: channel == .email ? "magic_link" : "sms", at: now, in: db)
                try env.store.insertCode(
                    authorizationCode,
                    .init(
                        accountId: owner, clientId: env.configuration.clientId, redirectURI: redirectURI,
                        codeChallenge: challenge, scope: env.configuration.scopes.joined(separator: " "),
                        nonce: nil, authTime: now, authType: "passwordless",
                        expiresAt: now + env.configuration.lifetimes.authorizationCode), in: db)
            }
            return JSONResponse.make(
                .object(["code": .string(authorizationCode), "state": .string(try body.string("state") ?? "passwordless")]))
        }
        router.post("/identity/v1/account-recovery") { request, _ in
            let body = try await JSONBody.read(request)
            try env.requireClient(try body.string("client_id"))
            // No account enumeration: the same 204 whether or not the identifier is known.
            let target = try CodeTarget.read(body, env: env)
            if let account = target.account {
                try CodeDelivery.send(
                    .passkeyReset, to: account, target: target.value, channel: target.channel, subject: "Recover your account",
                    text: "Your account recovery code is",
                    linkBase: try body.string("redirect_url", maxLength: 2048) ?? "\(env.configuration.customScheme)://account-recovery",
                    env: env)
            } else {
                try CodeDelivery.admit(target.value, env: env)
            }
            return JSONResponse.noContent()
        }
    }

    /// The account named by `email` or `phone_number` (created for passwordless start when
    /// unknown, as ReachFive's passwordless signup does).
    private func identify(_ body: JSONBody, createIfMissing: Bool) throws -> (Account, String, Outbox.Channel) {
        let target = try CodeTarget.read(body, env: env)
        if !createIfMissing || target.account != nil { return (try target.requireAccount(env: env), target.value, target.channel) }
        var draft = AccountDraft()
        if target.identifier == .email { draft.email = target.value } else { draft.phoneNumber = target.value }
        return (try AccountCreation.create(draft, in: env), target.value, target.channel)
    }
}
