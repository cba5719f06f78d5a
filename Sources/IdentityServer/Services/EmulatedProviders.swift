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
        // Public clients only (no secrets): PKCE is what binds the code to its client (RFC 9700 §2.1.1).
        guard let codeChallenge, codeChallengeMethod == "S256", codeChallenge.utf8.count == 43, Base64URL.decode(codeChallenge)?.count == 32
        else { throw APIError.invalidRequest("code_challenge (S256 of a verifier) is required", field: "code_challenge") }
        for (field, value) in [("state", state), ("nonce", nonce)] where (value?.utf8.count ?? 0) > 512 {
            throw APIError.invalidRequest("\(field) is longer than 512 bytes", field: field)
        }
        return AuthorizationRequest(
            clientId: clientId, redirectUri: redirectUri, scope: scopes.joined(separator: " "), state: state?.nilIfEmpty,
            nonce: nonce?.nilIfEmpty, codeChallenge: codeChallenge)
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
    struct IssuedCode: Codable {
        var provider: String
        var subject: String
        var request: AuthorizationRequest
        var authTime: Int64
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
