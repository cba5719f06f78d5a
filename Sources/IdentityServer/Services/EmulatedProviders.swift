import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite
import Synchronization

/// The emulated social identity providers (`google`, `facebook`, …): each an OpenID OpenIDProvider of
/// its own at `<base>/providers/<name>` (issuer, discovery, JWKS, authorize, token, userinfo),
/// whose authorize step is a chooser page of test identities. The only client they know is this
/// server's (`client_id`), redirecting to its own callback or to one of its allowed callback
/// URLs, so an independent OIDC client can use them too. Codes are single-use, bound to the
/// client, the redirect URI and the PKCE challenge. ID tokens are RS256, as Google's and
/// Facebook's are (and as OIDC Discovery requires a provider to offer), under a key made on first
/// use (not at start: an RSA key takes a while) and kept in the store.
struct EmulatedProviders: Sendable {
    /// One provider: its name, issuer and (once made) signing key.
    struct OpenIDProvider: Sendable {
        let name: String
        let issuer: String
        fileprivate let key: KeyHolder
    }

    /// A provider's signing key, once loaded or made.
    fileprivate final class KeyHolder: Sendable {
        let key = Mutex<RSASigningKey?>(nil)
    }

    let core: ServiceCore
    private let byName: [String: OpenIDProvider]

    /// Where the ReachFive side of this server receives the providers' answers.
    static let callbackPath = "/identity/v1/oauth/callback"
    /// How long an emulated provider's tokens last.
    static let tokenLifetime: Int64 = 3600

    init(core: ServiceCore) {
        self.core = core
        var byName: [String: OpenIDProvider] = [:]
        for configured in core.configuration.providers {
            byName[configured.name] = OpenIDProvider(
                name: configured.name, issuer: "\(core.baseURL)/providers/\(configured.name)", key: KeyHolder())
        }
        self.byName = byName
    }

    /// The providers, in configuration order.
    var all: [OpenIDProvider] { core.configuration.providers.compactMap { byName[$0.name] } }

    /// The provider of `name` (a variant after `:` aside), or nil when it is not emulated here.
    func provider(named name: String) -> OpenIDProvider? {
        byName[String(name.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")]
    }

    /// The provider of a route's `{name}`, or a 404.
    func provider(route name: String) throws -> OpenIDProvider {
        guard let provider = byName[name] else { throw APIError.notFound("No emulated provider is named \(name)") }
        return provider
    }

    /// The provider's RS256 key: the one in memory, else the stored one, else a new one (made
    /// outside the store's turn, kept unless another request kept one first).
    func signingKey(of provider: OpenIDProvider) async throws -> RSASigningKey {
        if let key = provider.key.key.withLock({ $0 }) { return key }
        let core = self.core
        let name = IdentityStore.SigningKeyName.provider(provider.name)
        var der = try await core.store.reading { db in try core.store.storedSigningKey(name, in: db) }
        if der == nil {
            let fresh = Array(try RSAPrivateKey.generate().pkcs8.bytes)
            der = try await core.store.transaction { db in try core.store.keepSigningKey(name, fresh, in: db) }
        }
        let loaded = try RSASigningKey(privateKey: RSAPrivateKey(pkcs8: der!))
        return provider.key.key.withLock { held in
            if let held { return held }
            held = loaded
            return loaded
        }
    }

    /// The provider's JWK Set: its one signing key.
    func jwks(of provider: OpenIDProvider) async throws -> JWKSet { JWKSet(keys: [try await signingKey(of: provider).jwk]) }

    /// The audience of an ID token minted for an app: this server's client.
    var clientId: String { core.configuration.clientId }

    /// This server's own callback, the redirect URI of every provider login it starts.
    var callbackURL: String { core.baseURL + Self.callbackPath }

    // MARK: identities

    /// The configured identities, made at start-up when the store lacks them.
    func seed() throws {
        try core.store.write { db in
            for provider in core.configuration.providers {
                for identity in provider.identities { _ = try insert(identity, provider: provider.name, in: db) }
            }
        }
    }

    func identities(of provider: OpenIDProvider) async throws -> [IdentityStore.ProviderIdentityRow] {
        let core = self.core
        return try await core.store.reading { db in try core.store.providerIdentities(provider: provider.name, in: db) }
    }

    /// Makes an identity (or returns the one already holding its email).
    func create(_ identity: ServerConfiguration.ProviderIdentity, at provider: OpenIDProvider) async throws
        -> IdentityStore.ProviderIdentityRow
    {
        let checked = try Self.checked(identity)
        return try await core.store.transaction { db in try insert(checked, provider: provider.name, in: db) }
    }

    func delete(subject: String, at provider: OpenIDProvider) async throws {
        let core = self.core
        let gone = try await core.store.transaction { db in
            try core.store.deleteProviderIdentity(provider: provider.name, subject: subject, in: db)
        }
        guard gone else { throw APIError.notFound("No identity \(subject) at \(provider.name)") }
    }

    private func insert(_ identity: ServerConfiguration.ProviderIdentity, provider: String, in db: Database) throws
        -> IdentityStore.ProviderIdentityRow
    {
        try core.store.insertProviderIdentity(
            .init(
                provider: provider, subject: core.secrets.hexId(bytes: 10), email: identity.email, emailVerified: identity.emailVerified,
                name: identity.name, picture: identity.picture, createdAt: core.now), in: db)
    }

    /// An identity as a page or the API gave it: a real email, a short name, an https picture.
    static func checked(_ identity: ServerConfiguration.ProviderIdentity) throws -> ServerConfiguration.ProviderIdentity {
        var out = identity
        guard let email = EmailAddress.normalized(identity.email) else {
            throw APIError.invalidRequest("email is not an email address", field: "email", code: "invalid")
        }
        out.email = email
        if let name = identity.name {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard trimmed.count <= 200, trimmed.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else {
                throw APIError.invalidRequest("name must be at most 200 printable characters", field: "name", code: "invalid")
            }
            out.name = trimmed.isEmpty ? nil : trimmed
        }
        if let picture = identity.picture, !picture.isEmpty {
            guard picture.utf8.count <= 2048, let url = URL(string: picture), url.scheme == "https", url.host != nil else {
                throw APIError.invalidRequest("picture must be an https URL", field: "picture", code: "invalid")
            }
        } else {
            out.picture = nil
        }
        return out
    }

    // MARK: the authorization endpoint

    /// An authorization request the provider accepts: for this server's client, to a redirect URI
    /// it may use. Until both are checked, errors are thrown (answered as a page, never redirected).
    struct AuthorizationRequest: Sendable, Codable, Equatable {
        var clientId: String
        var redirectUri: String
        var scope: String
        var state: String?
        var nonce: String?
        var codeChallenge: String?
    }

    /// Checks an authorization request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1).
    func authorizationRequest(
        clientId: String?, redirectUri: String?, responseType: String?, scope: String?, state: String?, nonce: String?,
        codeChallenge: String?, codeChallengeMethod: String?
    ) throws -> AuthorizationRequest {
        guard let clientId, clientId == core.configuration.clientId else {
            throw APIError.invalidClient("Unknown client_id: the emulated providers know only \(core.configuration.clientId)")
        }
        guard let redirectUri, !redirectUri.isEmpty else {
            throw APIError.invalidRequest("redirect_uri is required", field: "redirect_uri", code: "required")
        }
        if redirectUri != callbackURL { _ = try CallbackRule.allowed(redirectUri, field: "redirect_uri", in: core.configuration) }
        guard responseType == "code" else { throw APIError.invalidRequest("response_type must be code", field: "response_type") }
        // A form-encoded query (what OAuth client libraries send) spells the spaces "+".
        let scopes = (scope ?? "").split { $0 == " " || $0 == "+" }.map(String.init)
        guard scopes.contains("openid") else { throw APIError.invalidRequest("scope must include openid", field: "scope") }
        if let codeChallenge, !codeChallenge.isEmpty {
            guard codeChallengeMethod == "S256", codeChallenge.utf8.count == 43, Base64URL.decode(codeChallenge)?.count == 32 else {
                throw APIError.invalidRequest("code_challenge must be S256 of a verifier", field: "code_challenge")
            }
        }
        for (field, value) in [("state", state), ("nonce", nonce)] where (value?.utf8.count ?? 0) > 512 {
            throw APIError.invalidRequest("\(field) is longer than 512 bytes", field: field)
        }
        return AuthorizationRequest(
            clientId: clientId, redirectUri: redirectUri, scope: scopes.joined(separator: " "), state: state?.nilIfEmpty,
            nonce: nonce?.nilIfEmpty, codeChallenge: codeChallenge?.nilIfEmpty)
    }

    /// The person chose `subject`: a single-use code, sent back to the redirect URI.
    func approve(_ request: AuthorizationRequest, subject: String, at provider: OpenIDProvider) async throws -> String {
        let core = self.core
        let code = core.secrets.token()
        try await core.store.transaction { db in
            guard try core.store.providerIdentity(provider: provider.name, subject: subject, in: db) != nil else {
                throw APIError.invalidRequest("No identity \(subject) at \(provider.name)", field: "subject")
            }
            try core.store.insertChallenge(
                code, ceremony: .providerCode,
                data: IssuedCode(provider: provider.name, subject: subject, request: request, authTime: core.now),
                expiresAt: core.now + core.configuration.lifetimes.authorizationCode, in: db)
        }
        return redirect(request, ["code": code])
    }

    /// The person cancelled: `access_denied` at the redirect URI (RFC 6749 §4.1.2.1).
    func deny(_ request: AuthorizationRequest) -> String {
        redirect(request, ["error": "access_denied", "error_description": "The user cancelled the login"])
    }

    private func redirect(_ request: AuthorizationRequest, _ items: [String: String]) -> String {
        URLQuery.appending(items.merging(request.state.map { ["state": $0] } ?? [:]) { $1 }, to: request.redirectUri)
    }

    /// What an authorization code stands for.
    private struct IssuedCode: Codable {
        var provider: String
        var subject: String
        var request: AuthorizationRequest
        var authTime: Int64
    }

    // MARK: the token and userinfo endpoints

    /// The token endpoint's answer (RFC 6749 §5.1, OIDC Core §3.1.3.3).
    struct TokenAnswer: Encodable, Sendable {
        var accessToken: String
        var tokenType = "Bearer"
        var expiresIn: Int64
        var idToken: String
        var scope: String

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case tokenType = "token_type"
            case expiresIn = "expires_in"
            case idToken = "id_token"
            case scope
        }
    }

    /// Redeems a code once: for the client and redirect URI it was issued to, with the verifier of
    /// its PKCE challenge when it had one. Errors are RFC 6749 §5.2's `invalid_grant`.
    func redeem(
        code: String, clientId: String?, redirectUri: String?, codeVerifier: String?, at provider: OpenIDProvider
    ) async throws -> TokenAnswer {
        let core = self.core
        let accessToken = core.secrets.token()
        let (issued, identity) = try await core.store.transaction { db -> (IssuedCode, IdentityStore.ProviderIdentityRow) in
            guard let issued = try core.store.takeChallenge(code, ceremony: .providerCode, as: IssuedCode.self, now: core.now, in: db),
                issued.provider == provider.name
            else { throw APIError.invalidGrant("The code is unknown, used or expired") }
            guard clientId == nil || clientId == issued.request.clientId, redirectUri == issued.request.redirectUri else {
                throw APIError.invalidGrant("The code was issued to another client or redirect_uri")
            }
            if let challenge = issued.request.codeChallenge {
                guard let codeVerifier,
                    constantTimeEquals(Array(Base64URL.encode(Digest.sha256(Array(codeVerifier.utf8))).utf8), Array(challenge.utf8))
                else { throw APIError.invalidGrant("code_verifier does not match the code_challenge") }
            }
            guard let identity = try core.store.providerIdentity(provider: provider.name, subject: issued.subject, in: db) else {
                throw APIError.invalidGrant("The identity is gone")
            }
            try core.store.insertChallenge(
                accessToken, ceremony: .providerAccess, data: AccessGrant(provider: provider.name, subject: issued.subject),
                expiresAt: core.now + Self.tokenLifetime, in: db)
            return (issued, identity)
        }
        let idToken = try await idToken(
            for: identity, audience: issued.request.clientId, nonce: issued.request.nonce, authTime: issued.authTime, at: provider,
            accessToken: accessToken)
        return TokenAnswer(accessToken: accessToken, expiresIn: Self.tokenLifetime, idToken: idToken, scope: issued.request.scope)
    }

    private struct AccessGrant: Codable {
        var provider: String
        var subject: String
    }

    /// The claims of the identity an access token was issued for (OIDC Core §5.3).
    func userinfo(accessToken: String, at provider: OpenIDProvider) async throws -> [String: JSONValue] {
        let core = self.core
        let identity = try await core.store.reading { db -> IdentityStore.ProviderIdentityRow? in
            guard
                let grant = try core.store.peekChallenge(
                    accessToken, ceremony: .providerAccess, as: AccessGrant.self, now: core.now, in: db), grant.provider == provider.name
            else { return nil }
            return try core.store.providerIdentity(provider: provider.name, subject: grant.subject, in: db)
        }
        guard let identity else { throw APIError.invalidToken("The access token is unknown or expired") }
        return Self.claims(of: identity)
    }

    /// An ID token for `identity`, signed by its provider: what the provider's native SDK would
    /// hand the app (`login(withProvider:idToken:…)`), or the token endpoint returns.
    func idToken(
        for identity: IdentityStore.ProviderIdentityRow, audience: String, nonce: String?, authTime: Int64? = nil,
        at provider: OpenIDProvider,
        accessToken: String? = nil
    ) async throws -> String {
        let now = core.now
        var claims = Self.claims(of: identity)
        claims["iss"] = .string(provider.issuer)
        claims["aud"] = .string(audience)
        claims["iat"] = .number(Double(now))
        claims["exp"] = .number(Double(now + Self.tokenLifetime))
        claims["auth_time"] = .number(Double(authTime ?? now))
        if let nonce { claims["nonce"] = .string(nonce) }
        if let accessToken { claims["at_hash"] = .string(Base64URL.encode(Digest.sha256(Array(accessToken.utf8)).prefix(16))) }
        let key = try await signingKey(of: provider)
        return try JWT.signRS256(claims: claims, key: key.privateKey, keyId: key.keyId)
    }

    /// `sub`, `email`, `email_verified`, and `name`/`picture` when the identity has them.
    static func claims(of identity: IdentityStore.ProviderIdentityRow) -> [String: JSONValue] {
        var claims: [String: JSONValue] = [
            "sub": .string(identity.subject), "email": .string(identity.email), "email_verified": .bool(identity.emailVerified),
        ]
        if let name = identity.name { claims["name"] = .string(name) }
        if let picture = identity.picture { claims["picture"] = .string(picture) }
        return claims
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
