import Encoding
import Hummingbird

/// Passwordless login by email (magic link) or SMS: `POST /identity/v1/passwordless/start`
/// sends a code, `POST /identity/v1/verify-auth-code` checks it, `POST /identity/v1/passwordless/verify`
/// exchanges it for an authorization code bound to the PKCE challenge given at start, and
/// `GET /identity/v1/passwordless/verify`, the magic link, does the same and redirects. Also
/// `POST /identity/v1/account-recovery`, which sends the code the passkey reset routes take.
struct PasswordlessRoutes {
    let accounts: Accounts
    let verification: Verification
    let mfa: Mfa
    let configuration: ServerConfiguration

    struct StartRequest: Decodable, Sendable {
        var clientId: String?
        var email: String?
        var phoneNumber: String?
        var responseType: String?
        var authType: String?
        var redirectUri: String?
        var codeChallenge: String?
        var codeChallengeMethod: String?
        var state: String?
        /// An MFA step-up's token and the app's origin (Mfa+StepUp.swift).
        var stepUp: String?
        var origin: String?

        enum CodingKeys: String, CodingKey {
            case email, state, origin
            case stepUp = "step_up"
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case responseType = "response_type"
            case authType = "auth_type"
            case redirectUri = "redirect_uri"
            case codeChallenge = "code_challenge"
            case codeChallengeMethod = "code_challenge_method"
        }
    }

    /// verify-auth-code and passwordless/verify (which also names the client and echoes `state`).
    struct CodeRequest: Decodable, Sendable {
        var clientId: String?
        var email: String?
        var phoneNumber: String?
        var verificationCode: String?
        var state: String?
        /// An MFA step-up's challenge, and whether to trust the device (Mfa+StepUp.swift).
        var challengeId: String?
        var trustDevice: Bool?

        enum CodingKeys: String, CodingKey {
            case email, state
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case verificationCode = "verification_code"
            case challengeId = "challenge_id"
            case trustDevice = "trust_device"
        }
    }

    /// The authorization code and `state`; or, when the login needs a second factor, the
    /// step-up token (`tkn`, `mfa_required: true`) for `/mfa/stepup`.
    struct VerifyResponse: Encodable, Sendable {
        var code: String?
        var state: String?
        var tkn: String?
        var mfaRequired: Bool?

        enum CodingKeys: String, CodingKey {
            case code, state, tkn
            case mfaRequired = "mfa_required"
        }

        init(_ outcome: LoginCompletion.Outcome, state: String) {
            switch outcome {
            case .authorizationCode(let code), .tkn(let code): (self.code, self.state) = (code, state)
            case .stepUpRequired(let token): (tkn, mfaRequired) = (token, true)
            }
        }
    }

    /// The magic link's query (`Verification.openMagicLink`).
    struct MagicLinkQuery: Decodable, Sendable {
        var email: String?
        var verificationCode: String?
        var state: String?
        var redirectUri: String?

        enum CodingKeys: String, CodingKey {
            case email, state
            case verificationCode = "verification_code"
            case redirectUri = "redirect_uri"
        }
    }

    struct AccountRecoveryRequest: Decodable, Sendable {
        var clientId: String?
        var email: String?
        var phoneNumber: String?
        var redirectUrl: String?

        enum CodingKeys: String, CodingKey {
            case email
            case clientId = "client_id"
            case phoneNumber = "phone_number"
            case redirectUrl = "redirect_url"
        }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.anonymous(.post, "/identity/v1/passwordless/start") { request, _ in
            let body = try await RequestBody.decode(StartRequest.self, from: request)
            if let stepUp = body.stepUp { return try await MfaRoutes.startChallenge(stepUp, body, mfa: mfa) }
            try configuration.requireClient(body.clientId)
            let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
            try await verification.startPasswordless(
                target, responseType: body.responseType, kind: body.authType, redirectURI: body.redirectUri,
                codeChallenge: body.codeChallenge, challengeMethod: body.codeChallengeMethod, state: body.state)
            return JSONResponse.noContent()
        }
        routes.anonymous(.post, "/identity/v1/verify-auth-code") { request, _ in
            let body = try await RequestBody.decode(CodeRequest.self, from: request)
            let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
            try await verification.checkPasswordlessCode(target, code: body.verificationCode)
            return JSONResponse.noContent()
        }
        routes.anonymous(.post, "/identity/v1/passwordless/verify") { request, _ in
            let body = try await RequestBody.decode(CodeRequest.self, from: request)
            if let challengeId = body.challengeId { return try await MfaRoutes.verifyChallenge(challengeId, body, request, mfa: mfa) }
            try configuration.requireClient(body.clientId)
            let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
            let outcome = try await verification.finishPasswordless(
                target, code: body.verificationCode, trustedDevice: MfaRoutes.trustedDevice(of: request))
            return try JSONResponse.make(VerifyResponse(outcome, state: body.state ?? "passwordless"))
        }
        // The magic link, opened in a browser: on to the app with an authorization code.
        routes.anonymous(.get, Verification.magicLinkPath) { request, context in
            let query = try RequestBody.decodeQuery(MagicLinkQuery.self, from: request)
            let answer = try await verification.openMagicLink(
                email: query.email, code: query.verificationCode, state: query.state, redirectURI: query.redirectUri,
                trustedDevice: MfaRoutes.trustedDevice(of: request),
                locale: LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage]),
                errorId: String(describing: context.id))
            return Response(status: .found, headers: [.location: answer.location, .cacheControl: "no-store"])
        }
        routes.anonymous(.post, "/identity/v1/account-recovery") { request, _ in
            let body = try await RequestBody.decode(AccountRecoveryRequest.self, from: request)
            try configuration.requireClient(body.clientId)
            // No account enumeration: the same 204 whether or not the identifier is known.
            let target = try CodeTarget(email: body.email, phoneNumber: body.phoneNumber, configuration: configuration)
            try await accounts.accountRecovery(target, redirectURL: body.redirectUrl)
            return JSONResponse.noContent()
        }
    }
}
