import Encoding
import Foundation
import HTTPTypes
import Hummingbird
import JOSE
import LatchkeyCrypto

/// OAuth 2.1 with PKCE: `GET /oauth/authorize` turns a `tkn` (or a Sign in with Apple identity
/// token) into a code, `POST /oauth/token` turns a code or a refresh token into tokens (JSON
/// bodies, as the SDK sends them; form bodies too, as OAuth clients send them), and
/// `POST /oauth/revoke` revokes either kind of token.
struct OAuthRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/oauth/authorize") { request, _ in try authorize(request) }
        router.post("/oauth/token") { request, _ in try await token(request) }
        router.post("/oauth/revoke") { request, _ in try await revoke(request) }
    }

    // MARK: authorize

    func authorize(_ request: Request) throws -> Response {
        let q = request.uri.queryParameters
        func param(_ name: String) -> String? { q.get(name).flatMap { $0.isEmpty ? nil : $0 } }
        // Until client_id and redirect_uri are known good, errors are answered here, never sent
        // to an unchecked URI (RFC 6749 §4.1.2.1).
        try env.requireClient(param("client_id"))
        guard let redirectURI = param("redirect_uri") else {
            throw APIError.invalidRequest("redirect_uri is required", field: "redirect_uri", code: "required")
        }
        guard env.configuration.callbackURLs.contains(redirectURI) else {
            throw APIError.invalidRequest(
                "redirect_uri is not an allowed callback URL of this client", field: "redirect_uri", code: "not_allowed")
        }
        let state = param("state")
        func redirect(_ items: [String: String]) -> Response {
            var items = items
            if let state { items["state"] = state }
            return Response(status: .found, headers: [.location: Outbox.link(redirectURI, items), .cacheControl: "no-store"])
        }
        func fail(_ error: String, _ description: String) -> Response {
            redirect(["error": error, "error_description": description])
        }
        guard param("response_type") == "code" else { return fail("unsupported_response_type", "response_type must be code") }
        guard let challenge = param("code_challenge") else { return fail("invalid_request", "code_challenge is required (PKCE)") }
        guard param("code_challenge_method") == "S256" else { return fail("invalid_request", "code_challenge_method must be S256") }
        guard challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            return fail("invalid_request", "code_challenge must be base64url(SHA-256(verifier))")
        }
        let scope: [String]
        do { scope = try env.scopes(param("scope")) } catch { return fail("invalid_scope", error.description) }

        // The login's grant is taken, and the code issued, in one transaction: an owner's proof
        // (IdentifierProof) lands before it (the tkn or link is gone) or after it (the code is).
        enum Source {
            case tkn(String)
            case apple(SignInWithAppleLogin.Identity)
        }
        let source: Source
        if let tkn = param("tkn") {
            source = .tkn(tkn)
        } else if let provider = param("provider") {
            guard provider == "apple" || provider.hasPrefix("apple:") else {
                return fail("invalid_request", "Unknown provider \(provider)")
            }
            do {
                source = .apple(
                    try SignInWithAppleLogin.verify(
                        idToken: param("id_token"), nonce: param("nonce"),
                        givenName: param("given_name"), familyName: param("family_name"), env: env))
            } catch let error as APIError {
                return fail(error.error, error.description)
            }
        } else {
            return fail("login_required", "A tkn or a provider identity token is required")
        }
        let code = env.secrets.token()
        let nonce = param("provider") == nil ? param("nonce") : nil
        let now = env.now
        do {
            try env.store.write { db in
                let accountId: String
                let authType: String
                switch source {
                case .tkn(let tkn):
                    // RFC 6749 §4.1.2.1 has no invalid_grant: a login that is not (or no longer)
                    // there is the resource owner's authorization missing, access_denied.
                    guard let grant = try env.store.takeTkn(tkn, now: now, in: db) else {
                        throw APIError(.badRequest, "access_denied", "The tkn is unknown, used or expired", key: .invalidGrant)
                    }
                    (accountId, authType) = (grant.accountId, grant.authType)
                case .apple(let identity):
                    accountId = try SignInWithAppleLogin.account(for: identity, env: env, in: db)
                    authType = "apple"
                    try env.store.recordLogin(accountId: accountId, type: authType, at: now, in: db)
                }
                try env.store.insertCode(
                    code,
                    .init(
                        accountId: accountId, clientId: env.configuration.clientId, redirectURI: redirectURI,
                        codeChallenge: challenge, scope: scope.joined(separator: " "), nonce: nonce,
                        authTime: now, authType: authType,
                        expiresAt: now + env.configuration.lifetimes.authorizationCode), in: db)
            }
        } catch let error as APIError where error.status == .badRequest {
            return fail(error.error, error.description)
        }
        return redirect(["code": code])
    }

    // MARK: token

    func token(_ request: Request) async throws -> Response {
        let body = try await OAuthBody.read(request)
        try env.requireClient(try body.string("client_id"))
        switch try body.string("grant_type") {
        case "authorization_code": return JSONResponse.make(try exchangeCode(body))
        case "refresh_token": return JSONResponse.make(try refresh(body))
        case nil: throw APIError.invalidRequest("grant_type is required", field: "grant_type", code: "required")
        case let other?:
            throw APIError(.badRequest, "unsupported_grant_type", "grant_type \(other) is not supported", key: .invalidRequest)
        }
    }

    func exchangeCode(_ body: JSONBody) throws -> JSONValue {
        let code = try body.requiredString("code", maxLength: 512)
        let verifier = try body.requiredString("code_verifier", maxLength: 512)
        let redirectURI = try body.requiredString("redirect_uri", maxLength: 2048)
        // RFC 7636 §4.1: 43–128 characters of [A-Za-z0-9-._~].
        guard (43...128).contains(verifier.utf8.count),
            verifier.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0))
            })
        else { throw APIError.invalidGrant("code_verifier must be 43 to 128 unreserved characters") }
        // The account is read with the code taken: the tokens carry its session generation as of
        // then, so a proof that ends its sessions afterwards ends these tokens too. A code
        // presented again revokes the tokens issued from it (RFC 6749 §4.1.2): their family.
        let family = env.secrets.token(bytes: 16)
        let now = env.now
        let lifetimes = env.configuration.lifetimes
        let taken = try env.store.write { db -> (IdentityStore.AuthorizationCode, Account?)? in
            switch try env.store.presentCode(code, family: family, keptUntil: now + lifetimes.refreshToken, in: db) {
            case .unknown: return nil
            case .again(let issued):
                try env.store.revokeFamily(issued, until: now + max(lifetimes.refreshToken, lifetimes.accessToken), in: db)
                return nil
            case .first(let grant): return (grant, try env.store.account(id: grant.accountId, in: db))
            }
        }
        guard let (grant, found) = taken else {
            throw APIError.invalidGrant("The authorization code is unknown or was already used")
        }
        guard grant.expiresAt > env.now else { throw APIError.invalidGrant("The authorization code expired") }
        guard grant.redirectURI == redirectURI else {
            throw APIError.invalidGrant("redirect_uri does not match the one of the authorization request")
        }
        let computed = Base64URL.encode(Digest.sha256(Array(verifier.utf8)))
        guard constantTimeEquals(Array(computed.utf8), Array(grant.codeChallenge.utf8)) else {
            throw APIError.invalidGrant("code_verifier does not match the code_challenge (PKCE S256)")
        }
        guard let account = found else { throw APIError.invalidGrant("The account no longer exists") }
        return try env.issueTokens(
            account: account, clientId: grant.clientId, scope: grant.scope.split(separator: " ").map(String.init),
            authTime: grant.authTime, nonce: grant.nonce, family: family)
    }

    func refresh(_ body: JSONBody) throws -> JSONValue {
        let token = try body.requiredString("refresh_token", maxLength: 512)
        let requested = try body.string("scope").map { $0.split(separator: " ").map(String.init) } ?? []
        let now = env.now
        enum Outcome {
            case valid(IdentityStore.RefreshGrant, Account, [String])
            case reused, invalid
            case refused(APIError)
        }
        let outcome: Outcome = try env.store.write { db in
            guard let grant = try env.store.refreshGrant(token, in: db) else { return .invalid }
            let familyRevoked = try env.store.isFamilyRevoked(grant.family, in: db)
            switch grant.state {
            case "active" where grant.expiresAt > now && !familyRevoked:
                // Every refusal comes before the rotation: a refused request must leave the
                // token usable, or the client's retry would look like reuse and end the session.
                guard grant.clientId == env.configuration.clientId else {
                    return .refused(APIError.invalidGrant("The refresh token belongs to another client"))
                }
                guard let account = try env.store.account(id: grant.accountId, in: db) else {
                    return .refused(APIError.invalidGrant("The account no longer exists"))
                }
                // An optional narrower scope (RFC 6749 §6); never a wider one.
                let granted = grant.scope.split(separator: " ").map(String.init)
                guard requested.allSatisfy(granted.contains) else {
                    return .refused(APIError(.badRequest, "invalid_scope", "The scope exceeds the original grant", key: .invalidRequest))
                }
                try env.store.markRotated(token, in: db)
                return .valid(grant, account, requested.isEmpty ? granted : requested)
            case "rotated":
                // A rotated token presented again has leaked: end the whole family.
                try env.store.revokeFamily(grant.family, until: now + env.configuration.lifetimes.refreshToken, in: db)
                return .reused
            default: return .invalid
            }
        }
        switch outcome {
        case .invalid: throw APIError.invalidGrant("The refresh token is unknown, expired or revoked")
        case .reused: throw APIError.invalidGrant("The refresh token was already used; its session is revoked")
        case .refused(let error): throw error
        case .valid(let grant, let account, let scope):
            return try env.issueTokens(
                account: account, clientId: grant.clientId, scope: scope, authTime: grant.authTime, family: grant.family)
        }
    }

    // MARK: revoke

    /// A family's revocation must outlive its newest access token, which can be younger than the
    /// refresh token presented (an old, even expired, member of the family).
    private func familyRevocationEnd(_ grant: IdentityStore.RefreshGrant, now: Int64) -> Int64 {
        max(grant.expiresAt, now + env.configuration.lifetimes.accessToken)
    }

    /// RFC 7009: 200 whatever the token was (an unknown token is not an error); an access
    /// token is revoked by its id, a refresh token with its whole family.
    func revoke(_ request: Request) async throws -> Response {
        let body = try await OAuthBody.read(request)
        try env.requireClient(try body.string("client_id"))
        let token = try body.requiredString("token", maxLength: 8192)
        let now = env.now
        let hint = try body.string("token_type_hint")
        if hint != "access_token", let grant = try env.store.read({ db in try env.store.refreshGrant(token, in: db) }) {
            try env.store.write { db in try env.store.revokeFamily(grant.family, until: familyRevocationEnd(grant, now: now), in: db) }
        } else if let access = try? env.tokens.verifyAccessToken(token, now: env.clock.now) {
            try env.store.write { db in try env.store.revokeAccessToken(jti: access.jti, until: max(access.expiresAt, now), in: db) }
        } else if hint == "access_token", let grant = try env.store.read({ db in try env.store.refreshGrant(token, in: db) }) {
            try env.store.write { db in try env.store.revokeFamily(grant.family, until: familyRevocationEnd(grant, now: now), in: db) }
        }
        return JSONResponse.make(.object([:]))
    }
}
