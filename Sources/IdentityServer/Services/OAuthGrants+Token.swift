import Encoding
import Foundation
import JOSE
import LatchkeyCrypto

extension OAuthGrants {
    /// `/oauth/token`: the client checked, then the grant type's rule.
    func token(_ request: TokenRequest) async throws -> TokenResponse {
        try core.configuration.requireClient(request.clientId)
        switch request.grantType {
        case "authorization_code":
            return try await exchangeCode(
                try ProfileInput.required(request.code, "code", max: 512),
                verifier: try ProfileInput.required(request.codeVerifier, "code_verifier", max: 512),
                redirectURI: try ProfileInput.required(request.redirectUri, "redirect_uri", max: 2048))
        case "refresh_token":
            let token = try ProfileInput.required(request.refreshToken, "refresh_token", max: 512)
            return try await refresh(token, scope: request.scope.map { $0.split(separator: " ").map(String.init) } ?? [])
        case nil: throw APIError.invalidRequest("grant_type is required", field: "grant_type", code: "required")
        case let other?:
            throw APIError(.badRequest, "unsupported_grant_type", "grant_type \(other) is not supported", key: .invalidRequest)
        }
    }

    /// Exchanges an authorization code (RFC 6749 §4.1.3, PKCE S256 per RFC 7636 §4.6). The code
    /// is spent, the account read and the refresh token kept in one transaction, so the tokens
    /// carry the session generation as of then. A code presented again is refused and revokes
    /// the tokens issued from it (RFC 6749 §4.1.2): their refresh family.
    func exchangeCode(_ code: String, verifier: String, redirectURI: String) async throws -> TokenResponse {
        // RFC 7636 §4.1: 43–128 characters of [A-Za-z0-9-._~].
        guard (43...128).contains(verifier.utf8.count),
            // On the bytes: Unicode property lookups per character were a measurable share of a login.
            verifier.utf8.allSatisfy({ byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    true
                default: false
                }
            })
        else { throw APIError.invalidGrant("code_verifier must be 43 to 128 unreserved characters") }
        let family = core.secrets.token(bytes: 16)
        let now = core.now
        let lifetimes = core.configuration.lifetimes
        let challenge = S256.of(verifier)
        let (grant, account, scope, refresh) = try await core.store.transaction {
            db -> Result<(IdentityStore.AuthorizationCode, Account, [String], String?), APIError> in
            let grant: IdentityStore.AuthorizationCode
            switch try core.store.presentCode(code, family: family, keptUntil: now + lifetimes.refreshToken, in: db) {
            case .unknown: throw APIError.invalidGrant("The authorization code is unknown or was already used")
            case .again(let issued):
                // Returned, not thrown, so the revocation commits.
                try core.store.revokeFamily(issued, until: now + max(lifetimes.refreshToken, lifetimes.accessToken), in: db)
                return .failure(.invalidGrant("The authorization code is unknown or was already used"))
            case .first(let first): grant = first
            }
            // Every refusal below leaves the code spent (a wrong verifier must not be retried).
            guard grant.expiresAt > now else { return .failure(.invalidGrant("The authorization code expired")) }
            guard grant.redirectURI == redirectURI else {
                return .failure(.invalidGrant("redirect_uri does not match the one of the authorization request"))
            }
            guard constantTimeEquals(Array(challenge.utf8), Array(grant.codeChallenge.utf8)) else {
                return .failure(.invalidGrant("code_verifier does not match the code_challenge (PKCE S256)"))
            }
            guard let account = try core.store.account(id: grant.accountId, in: db) else {
                return .failure(.invalidGrant("The account no longer exists"))
            }
            let scope = ServerConfiguration.grantedScope(
                grant.scope.split(separator: " ").map(String.init), secondFactor: grant.authType == LoginMethod.mfa.rawValue)
            let refresh = refreshToken(for: scope)
            try keep(refresh, family: family, account: account, clientId: grant.clientId, scope: scope, authTime: grant.authTime, in: db)
            return .success((grant, account, scope, refresh))
        }.get()
        return try sign(
            .init(
                account: account, clientId: grant.clientId, scope: scope, authTime: grant.authTime, nonce: grant.nonce, family: family,
                refreshToken: refresh))
    }

    /// Rotates a refresh token (RFC 6749 §6, OAuth 2.1 §4.3.1) in one transaction: an active,
    /// live token is marked rotated and its successor kept in the same family; a rotated one
    /// presented again has leaked, so its whole family is revoked. Every refusal comes before the
    /// rotation: a refused request leaves the token usable, or the client's retry would look like
    /// reuse and end the session.
    func refresh(_ token: String, scope requested: [String]) async throws -> TokenResponse {
        let now = core.now
        let lifetimes = core.configuration.lifetimes
        let next = core.secrets.token()
        let outcome = try await core.store.transaction { db -> Result<(IdentityStore.RefreshGrant, Account, [String]), APIError> in
            guard let grant = try core.store.refreshGrant(token, in: db) else {
                return .failure(.invalidGrant("The refresh token is unknown, expired or revoked"))
            }
            switch grant.state.presented(
                expired: grant.expiresAt <= now, familyRevoked: try core.store.isFamilyRevoked(grant.family, in: db))
            {
            case .dead: return .failure(.invalidGrant("The refresh token is unknown, expired or revoked"))
            case .replayed:
                try core.store.revokeFamily(grant.family, until: now + lifetimes.refreshToken, in: db)
                return .failure(.invalidGrant("The refresh token was already used; its session is revoked"))
            case .usable: break
            }
            guard grant.clientId == core.configuration.clientId else {
                return .failure(.invalidGrant("The refresh token belongs to another client"))
            }
            guard let account = try core.store.account(id: grant.accountId, in: db) else {
                return .failure(.invalidGrant("The account no longer exists"))
            }
            // An optional narrower scope (RFC 6749 §6); never a wider one.
            let granted = grant.scope.split(separator: " ").map(String.init)
            guard requested.allSatisfy(granted.contains) else {
                return .failure(APIError(.badRequest, "invalid_scope", "The scope exceeds the original grant", key: .invalidRequest))
            }
            let scope = requested.isEmpty ? granted : requested
            try core.store.markRotated(token, in: db)
            try keep(
                scope.contains("offline_access") ? next : nil, family: grant.family, account: account, clientId: grant.clientId,
                scope: scope, authTime: grant.authTime, in: db)
            return .success((grant, account, scope))
        }
        let (grant, account, scope) = try outcome.get()
        return try sign(
            .init(
                account: account, clientId: grant.clientId, scope: scope, authTime: grant.authTime, family: grant.family,
                refreshToken: scope.contains("offline_access") ? next : nil))
    }
}
