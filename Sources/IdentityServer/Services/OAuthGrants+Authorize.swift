import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

extension OAuthGrants {
    /// `/oauth/authorize`: the `Location` to redirect to, with a code (from a `tkn` or an Apple
    /// identity token) or with an RFC 6749 §4.1.2.1 error; with an emulated provider
    /// (`provider=google`), its authorization endpoint (``startProviderLogin``). Until `client_id` and `redirect_uri`
    /// are known good, errors are thrown (a 400 answered here), never sent to an unchecked URI.
    /// An empty parameter counts as absent.
    ///
    /// A redirected error carries what the SDK's `ApiError(fromQueryParams:)` reads: `error`
    /// (an RFC 6749 authorization error: a login that cannot be granted, a bad tkn or a refused
    /// Apple identity token, is `access_denied`, never the token endpoint's `invalid_grant`),
    /// `error_description`, `error_message_key`, `error_user_msg` (in `locale`) and `error_id`.
    /// An Apple login of an account with a second factor redirects with `mfa_required=true` and
    /// the step-up token as `tkn` (the fields of the password login's answer), for `/mfa/stepup`.
    ///
    /// Without a `tkn` or a provider, the browser's SSO session (`webSession`, its `r5_sso`
    /// cookie) logs in at once unless `prompt=login`; without one, `prompt=none` is
    /// `login_required` and anything else goes to the hosted login page. `opensWebSession`: the
    /// request is the hosted page's own, so a completed login also opens the browser's session.
    func authorize(
        _ query: AuthorizeQuery, trustedDevice: String? = nil, webSession: String? = nil, opensWebSession: Bool = false,
        providerBindings: String? = nil, locale: String = LocalizedMessages.defaultLocale, errorId: String? = nil
    ) async throws -> AuthorizeRedirect {
        func given(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        let redirectURI = try checkWebLogin(query)
        let back = ClientRedirect(redirectURI: redirectURI, state: given(query.state), locale: locale, errorId: errorId)
        func fail(_ error: String, _ description: String, key: MessageKey = .invalidRequest) -> AuthorizeRedirect {
            back.error(error, description, key: key)
        }
        guard given(query.responseType) == "code" else { return fail("unsupported_response_type", "response_type must be code") }
        guard let challenge = given(query.codeChallenge) else { return fail("invalid_request", "code_challenge is required (PKCE)") }
        guard given(query.codeChallengeMethod) == "S256" else { return fail("invalid_request", "code_challenge_method must be S256") }
        guard challenge.utf8.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            return fail("invalid_request", "code_challenge must be base64url(SHA-256(verifier))")
        }
        // OIDC Core §3.1.2.1: a space-separated list; none alone or not at all.
        let prompts = Set((given(query.prompt) ?? "").split(separator: " ").map(String.init))
        if prompts.contains("none") && prompts.count > 1 {
            return fail("invalid_request", "prompt=none cannot be combined with another value")
        }
        let scope: [String]
        do { scope = try core.configuration.scopes(given(query.scope)) } catch {
            return fail("invalid_scope", error.description, key: error.messageKey)
        }
        let source: LoginSource
        if let tkn = given(query.tkn) {
            source = .tkn(tkn)
        } else if let provider = given(query.provider), let emulated = providers.provider(named: provider) {
            guard let idToken = given(query.idToken?.text) else {
                return try await startProviderLogin(
                    at: emulated, redirectURI: redirectURI, codeChallenge: challenge, scope: scope, clientState: back.state,
                    clientNonce: given(query.nonce), bindings: providerBindings)
            }
            // The provider's native SDK already signed the person in: its ID token, for this
            // client, carrying SHA-256 of the PKCE verifier (sent as `nonce`), as Apple's does.
            guard let verifier = given(query.nonce) else {
                return fail("invalid_request", "nonce is required with an id_token (the PKCE verifier)")
            }
            do {
                source = .provider(
                    emulated.name,
                    try Self.verifiedIdentity(
                        idToken, of: emulated, keys: try await providers.jwks(of: emulated), audience: core.configuration.clientId,
                        nonce: S256.of(verifier), now: core.clock.now))
            } catch let error as APIError {
                return back.refused(error)
            }
        } else if let provider = given(query.provider) {
            guard provider == "apple" || provider.hasPrefix("apple:") else {
                return fail("invalid_request", "Unknown provider \(provider)")
            }
            do {
                source = .apple(
                    try SignInWithAppleLogin.verify(
                        idToken: given(query.idToken?.text), nonce: given(query.nonce), givenName: given(query.givenName),
                        familyName: given(query.familyName), appleKeys: appleKeys, core: core))
            } catch let error as APIError {
                return back.refused(error)
            }
        } else if !prompts.contains("login"), let session = try await self.webSession(secret: webSession) {
            source = .webSession(session)
        } else if prompts.contains("none") {
            return fail("login_required", "There is no session to log in with, and prompt=none allows no login page")
        } else {
            return AuthorizeRedirect(location: URLQuery.appending(Self.hostedLoginParameters(query), to: Self.hostedLoginPath))
        }
        let pending = IdentityStore.AuthorizationCode(
            accountId: "", clientId: core.configuration.clientId, redirectURI: redirectURI, codeChallenge: challenge,
            scope: scope.joined(separator: " "), nonce: given(query.provider) == nil ? given(query.nonce) : nil, authTime: core.now,
            authType: "", expiresAt: core.now + core.configuration.lifetimes.authorizationCode)
        let issued: IssuedCode
        do {
            issued = try await issueCode(
                pending, from: source, trustedDevice: trustedDevice, opensWebSession: opensWebSession, replacing: webSession)
        } catch {
            guard let refusal = APIError.answer(for: error), refusal.status == .badRequest else { throw error }
            return back.refused(refusal)
        }
        return back.issued(issued)
    }

    /// The authorization request the hosted login page completes: what `/oauth/authorize` was
    /// asked, without what the page replaces (a login's proof, `prompt`).
    static func hostedLoginParameters(_ query: AuthorizeQuery) -> [String: String] {
        let pairs: [(String, String?)] = [
            ("client_id", query.clientId), ("redirect_uri", query.redirectUri), ("response_type", query.responseType),
            ("scope", query.scope), ("state", query.state), ("nonce", query.nonce), ("code_challenge", query.codeChallenge),
            ("code_challenge_method", query.codeChallengeMethod),
        ]
        var out: [String: String] = [:]
        for (name, value) in pairs { if let value, !value.isEmpty { out[name] = value } }
        return out
    }

    /// A code issued, and the `Set-Cookie` of the SSO session it opened, if it opened one.
    struct IssuedCode: Sendable {
        var outcome: LoginCompletion.Outcome
        var webSessionCookie: String?
    }

    /// What a code is issued for: a finished login's `tkn`, a verified Apple identity, or an
    /// emulated provider's verified identity (its native SDK's ID token), or the browser's SSO session.
    enum LoginSource: Sendable {
        case tkn(String)
        case webSession(IdentityStore.WebSessionRow)
        case apple(SignInWithAppleLogin.Identity)
        case provider(String, ProviderLogin.Identity)
    }

    /// Takes the login's grant and issues the code in one transaction: an owner's proof
    /// (IdentifierProof) lands before it (the tkn or link is gone) or after it (the code is). A
    /// tkn's login completed when the tkn was issued; an Apple identity's completes here
    /// (``LoginCompletion``); an SSO session's completed when the session opened. With
    /// `opensWebSession`, a completed login opens the browser's SSO session in the same transaction,
    /// ending the one the browser held (`replacing`).
    func issueCode(
        _ pending: IdentityStore.AuthorizationCode, from source: LoginSource, trustedDevice: String?, opensWebSession: Bool = false,
        replacing previous: String? = nil
    ) async throws -> IssuedCode {
        let core = self.core
        return try await core.store.transaction { db in
            let (outcome, accountId, method) = try issue(pending, from: source, trustedDevice: trustedDevice, in: db)
            guard opensWebSession, case .authorizationCode = outcome else { return IssuedCode(outcome: outcome) }
            // The browser's earlier session (another account, or a login asked for again) ends.
            if let previous { try core.store.deleteWebSession(secret: previous, in: db) }
            return IssuedCode(
                outcome: outcome, webSessionCookie: try openWebSession(accountId: accountId, method: method, authTime: core.now, in: db))
        }
    }

    /// ``issueCode(_:from:trustedDevice:opensWebSession:)``'s login, inside its transaction: the
    /// outcome, the account and how it logged in.
    private func issue(
        _ pending: IdentityStore.AuthorizationCode, from source: LoginSource, trustedDevice: String?, in db: Database
    ) throws -> (LoginCompletion.Outcome, String, String) {
        switch source {
        case .tkn(let tkn):
            // RFC 6749 §4.1.2.1 has no invalid_grant: a login that is not (or no longer) there is
            // the resource owner's authorization missing, access_denied.
            guard let login = try core.store.takeTkn(tkn, now: pending.authTime, in: db) else {
                throw APIError(.badRequest, "access_denied", "The tkn is unknown, used or expired", key: .invalidGrant)
            }
            var grant = pending
            (grant.accountId, grant.authType) = (login.accountId, login.authType)
            let code = core.secrets.token()
            try core.store.insertCode(code, grant, in: db)
            return (.authorizationCode(code), login.accountId, login.authType)
        case .webSession(let session):
            // The session's login completed (its step-up too) when it opened; the code says
            // when and how that login was. A logout since it was read ends it here too.
            guard try core.store.webSessionIsOpen(id: session.id, now: core.now, in: db) else {
                throw APIError(.badRequest, "login_required", "The session ended", key: .invalidGrant)
            }
            // A silent login is the session's device connecting again (session devices).
            try core.store.touchSessionDevice(
                id: session.id, kind: .ssoSession, accountId: session.accountId, device: .ofCurrentRequest, now: core.now,
                expiresAt: session.expiresAt, in: db)
            var grant = pending
            grant.accountId = session.accountId
            grant.authTime = session.authTime
            grant.authType = LoginMethod(rawValue: session.method)?.authType ?? session.method
            let code = core.secrets.token()
            try core.store.insertCode(code, grant, in: db)
            return (.authorizationCode(code), session.accountId, session.method)
        case .apple(let identity):
            let accountId = try SignInWithAppleLogin.account(for: identity, core: core, in: db)
            guard let account = try core.store.account(id: accountId, in: db) else {
                throw APIError(.badRequest, "access_denied", "The account is gone", key: .invalidGrant)
            }
            let outcome = try logins.complete(
                account, method: .apple, grant: .authorizationCode(pending), trustedDevice: trustedDevice, in: db)
            return (outcome, accountId, LoginMethod.apple.rawValue)
        case .provider(let name, let identity):
            let (accountId, isNew) = try ProviderLogin.account(provider: name, for: identity, core: core, in: db)
            guard let account = try core.store.account(id: accountId, in: db) else {
                throw APIError(.badRequest, "access_denied", "The account is gone", key: .invalidGrant)
            }
            let outcome = try logins.complete(
                account, method: .social, grant: .authorizationCode(pending), trustedDevice: trustedDevice, newAccount: isNew,
                provider: name, in: db)
            return (outcome, accountId, LoginMethod.social.rawValue)
        }
    }
}
