import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

/// The emulated providers' token and userinfo endpoints, and the ID tokens they sign.
extension EmulatedProviders {
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
            guard clientId == issued.request.clientId, redirectUri == issued.request.redirectUri else {
                throw APIError.invalidGrant("The code was issued to another client or redirect_uri")
            }
            if let challenge = issued.request.codeChallenge {
                guard let codeVerifier,
                    constantTimeEquals(Array(S256.of(codeVerifier).utf8), Array(challenge.utf8))
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
        if let accessToken { claims["at_hash"] = .string(S256.leftHalf(of: accessToken)) }
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
