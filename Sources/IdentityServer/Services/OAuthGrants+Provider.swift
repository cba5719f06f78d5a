import Encoding
import Foundation
import JOSE
import LatchkeyCrypto

extension OAuthGrants {
    /// Where `/oauth/authorize` sends the browser, and the cookie it sets on the way.
    struct AuthorizeRedirect: Sendable {
        var location: String
        /// `Set-Cookie` of a provider login (binds its callback to the browser that started it) or
        /// of an SSO session a browser login opened.
        var setCookie: String?
    }

    /// The cookie that ties a provider login's callback to the browser that started it, so a page
    /// elsewhere cannot finish a login it started in its own browser in someone else's (login CSRF).
    /// One cookie holds the bindings of the browser's last ``providerLoginsPerBrowser`` logins
    /// (tabs), `.`-separated: a page that starts logins in a loop replaces them, never adds cookies.
    static let providerLoginCookie = "r5_provider_login"
    static let providerLoginsPerBrowser = 4

    /// The well-formed bindings a provider-login cookie holds.
    static func bindings(in cookie: String?) -> [String] {
        (cookie ?? "").split(separator: ".").prefix(providerLoginsPerBrowser).map(String.init).filter {
            $0.utf8.count == 43 && Base64URL.decode($0)?.count == 32
        }
    }

    /// A provider login between `/oauth/authorize` and the provider's answer at the callback.
    struct PendingProviderLogin: Codable, Sendable {
        var provider: String
        /// The client's request, checked: where its code (or error) goes, and what it is for.
        var redirectURI: String
        var codeChallenge: String
        var scope: String
        var clientState: String?
        var clientNonce: String?
        /// Sent to the provider: its ID token must carry it back.
        var providerNonce: String
        var providerVerifier: String
        /// SHA-256 of the browser binding cookie.
        var bindingHash: String
    }

    /// Starts a login at an emulated provider: remembers the client's checked request under a new
    /// `state`, and sends the browser to the provider's authorization endpoint (code flow, PKCE,
    /// a nonce) with a cookie that binds the callback to this browser.
    /// `bindings`: the browser's provider-login cookie, whose most recent bindings are kept.
    func startProviderLogin(
        at provider: EmulatedProviders.OpenIDProvider, redirectURI: String, codeChallenge: String, scope: [String], clientState: String?,
        clientNonce: String?, bindings: String?
    ) async throws -> AuthorizeRedirect {
        let core = self.core
        let state = core.secrets.token()
        let binding = core.secrets.token()
        let pending = PendingProviderLogin(
            provider: provider.name, redirectURI: redirectURI, codeChallenge: codeChallenge, scope: scope.joined(separator: " "),
            clientState: clientState, clientNonce: clientNonce, providerNonce: core.secrets.token(bytes: 16),
            providerVerifier: core.secrets.token(), bindingHash: S256.of(binding))
        try await core.store.transaction { db in
            try core.store.insertChallenge(
                state, ceremony: .providerLogin, data: pending, expiresAt: core.now + Self.providerLoginLifetime, in: db)
        }
        let location = URLQuery.appending(
            [
                "client_id": core.configuration.clientId, "redirect_uri": providers.callbackURL, "response_type": "code",
                "scope": "openid email profile", "state": state, "nonce": pending.providerNonce,
                "code_challenge": S256.of(pending.providerVerifier), "code_challenge_method": "S256",
            ], to: provider.issuer + "/authorize")
        let secure = core.secureCookies ? "; Secure" : ""
        return AuthorizeRedirect(
            location: location,
            setCookie:
                "\(Self.providerLoginCookie)=\((Self.bindings(in: bindings).suffix(Self.providerLoginsPerBrowser - 1) + [binding]).joined(separator: ".")); Path=\(EmulatedProviders.callbackPath); Max-Age=\(Self.providerLoginLifetime); HttpOnly; SameSite=Lax\(secure)"
        )
    }

    /// How long a person may stay on a provider's page.
    static let providerLoginLifetime: Int64 = 600

    /// The provider's answer at `/identity/v1/oauth/callback`: the pending login is taken (once),
    /// its browser binding checked, the code redeemed at the provider, the ID token verified
    /// (signature by the provider's key, issuer, audience, expiry, nonce), and the login completed
    /// for the account ``ProviderLogin`` names. The answer is the client's redirect, with a code
    /// or an RFC 6749 error; a state that names no pending login is a 400 (nowhere safe to go).
    func finishProviderLogin(
        state: String?, code: String?, error: String?, binding: String?, trustedDevice: String?, webSession: String? = nil,
        locale: String
    ) async throws -> AuthorizeRedirect {
        let core = self.core
        guard let state, !state.isEmpty else { throw APIError.invalidRequest("state is required", field: "state", code: "required") }
        let taken = try await core.store.transaction { db in
            try core.store.takeChallenge(state, ceremony: .providerLogin, as: PendingProviderLogin.self, now: core.now, in: db)
        }
        guard let pending = taken else {
            throw APIError.invalidRequest("The provider login is unknown, finished or expired; start it again", field: "state")
        }
        let back = ClientRedirect(redirectURI: pending.redirectURI, state: pending.clientState, locale: locale)
        func fail(_ description: String, key: MessageKey = .invalidGrant) -> AuthorizeRedirect {
            back.error("access_denied", description, key: key)
        }
        guard Self.bindings(in: binding).contains(where: { constantTimeEquals(Array(S256.of($0).utf8), Array(pending.bindingHash.utf8)) })
        else {
            return fail("The provider login was started in another browser")
        }
        guard let provider = providers.provider(named: pending.provider) else { return fail("The provider is no longer emulated") }
        if let error { return fail("The provider answered \(error.prefix(64))") }
        guard let code, !code.isEmpty else { return fail("The provider answered without a code") }
        let identity: ProviderLogin.Identity
        do {
            let answer = try await providers.redeem(
                code: code, clientId: core.configuration.clientId, redirectUri: providers.callbackURL,
                codeVerifier: pending.providerVerifier, at: provider)
            identity = try Self.verifiedIdentity(
                answer.idToken, of: provider, keys: try await providers.jwks(of: provider), audience: core.configuration.clientId,
                nonce: pending.providerNonce, now: core.clock.now)
        } catch let refusal as APIError {
            return fail(refusal.description)
        }
        let grant = IdentityStore.AuthorizationCode(
            accountId: "", clientId: core.configuration.clientId, redirectURI: pending.redirectURI, codeChallenge: pending.codeChallenge,
            scope: pending.scope, nonce: pending.clientNonce, authTime: core.now, authType: "",
            expiresAt: core.now + core.configuration.lifetimes.authorizationCode)
        let issued: IssuedCode
        do {
            // The login happened in the browser: it opens the browser's SSO session, as the
            // hosted page's does.
            issued = try await issueCode(
                grant, from: .provider(provider.name, identity), trustedDevice: trustedDevice, opensWebSession: true,
                replacing: webSession)
        } catch {
            guard let refusal = APIError.answer(for: error), refusal.status == .badRequest else { throw error }
            return fail(refusal.description, key: refusal.messageKey)
        }
        return back.issued(issued)
    }

    /// The identity an emulated provider's ID token vouches for, once its signature, issuer,
    /// audience, expiry and nonce hold.
    static func verifiedIdentity(
        _ idToken: String, of provider: EmulatedProviders.OpenIDProvider, keys: JWKSet, audience: String, nonce: String?, now: Date
    ) throws -> ProviderLogin.Identity {
        let jwt: JWT
        do {
            jwt = try JWT.verify(
                idToken, keys: keys,
                expecting: .init(issuer: provider.issuer, audience: audience, algorithms: [.rs256], leeway: 0, now: now))
        } catch {
            throw APIError(.badRequest, "invalid_grant", "The \(provider.name) ID token is not valid: \(error.message)", key: .invalidGrant)
        }
        if let nonce {
            guard let claimed = jwt.string("nonce"), constantTimeEquals(Array(claimed.utf8), Array(nonce.utf8)) else {
                throw APIError(.badRequest, "invalid_grant", "The \(provider.name) ID token's nonce is not the login's", key: .invalidGrant)
            }
        }
        guard let subject = jwt.string("sub"), !subject.isEmpty else {
            throw APIError(.badRequest, "invalid_grant", "The \(provider.name) ID token has no sub", key: .invalidGrant)
        }
        var profile: [String: JSONValue] = [:]
        if let name = jwt.string("name") { profile["name"] = .string(name) }
        if let picture = jwt.string("picture") { profile["picture"] = .string(picture) }
        return ProviderLogin.Identity(
            subject: subject, email: jwt.string("email").flatMap(EmailAddress.normalized),
            emailVerified: ProviderLogin.emailVerified(jwt.claims["email_verified"]), profile: profile)
    }
}
