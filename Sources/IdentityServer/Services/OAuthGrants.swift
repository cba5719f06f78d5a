import Encoding
import Foundation
import SQLite

/// The OAuth rules: authorization codes (from a `tkn` or a Sign in with Apple identity), their
/// exchange with PKCE (a code presented twice revokes what it gave), refresh-token families
/// (rotation, reuse detection; ``RefreshTokenState``), revocation, and the issuance of every
/// token response. Each public method is one store transaction (`env.store.transaction`, on the
/// store's own executor); signing happens outside it. Methods throw `APIError`.
struct OAuthGrants: Sendable {
    let env: ServerEnvironment

    /// Issues the token response for `account`, fresh from a signup (no grant to take): the
    /// refresh token is kept in one transaction, only while the account's sessions are those
    /// `account` was read in.
    func issueTokens(account: Account, clientId: String, scope: [String], authTime: Int64) async throws -> TokenResponse {
        let family = env.secrets.token(bytes: 16)
        let refresh = refreshToken(for: scope)
        let env = self.env
        try await env.store.transaction { db in
            guard try env.store.account(id: account.id, in: db)?.sessionGeneration == account.sessionGeneration else {
                throw APIError.invalidGrant("The account's sessions ended during this request")
            }
            try keep(refresh, family: family, account: account, clientId: clientId, scope: scope, authTime: authTime, in: db)
        }
        return try sign(
            .init(account: account, clientId: clientId, scope: scope, authTime: authTime, family: family, refreshToken: refresh))
    }

    /// A new refresh token when the scope asks for one (`offline_access`).
    func refreshToken(for scope: [String]) -> String? { scope.contains("offline_access") ? env.secrets.token() : nil }

    /// Stores `token` (hashed) in `family`, inside the caller's transaction; nothing when nil.
    func keep(
        _ token: String?, family: String, account: Account, clientId: String, scope: [String], authTime: Int64, in db: Database
    ) throws {
        guard let token else { return }
        try env.store.insertRefreshToken(
            token,
            .init(
                family: family, accountId: account.id, clientId: clientId, scope: scope.joined(separator: " "), authTime: authTime,
                expiresAt: env.now + env.configuration.lifetimes.refreshToken, state: .active), in: db)
    }

    /// Signs the tokens of `grant` (off the store's executor) and, with the emulator API on,
    /// notes the JWTs for the console's Tokens page.
    func sign(_ grant: TokenIssuer.Grant) throws -> TokenResponse {
        let now = env.now
        let response = try env.tokens.issue(grant, now: now, secrets: env.secrets)
        if env.configuration.emulatorAPI {
            let a = grant.account
            let who = a.email ?? a.phoneNumber ?? a.customIdentifier ?? a.id
            env.recentTokens.note(.init(kind: "access_token", subject: who, issuedAt: now, token: response.accessToken))
            if let idToken = response.idToken {
                env.recentTokens.note(.init(kind: "id_token", subject: who, issuedAt: now, token: idToken))
            }
        }
        return response
    }
}

extension ServerEnvironment {
    var oauthGrants: OAuthGrants { OAuthGrants(env: self) }

    /// The token response of a signup that logs in, as JSON (see ``OAuthGrants/issueTokens``).
    func issueTokens(account: Account, clientId: String, scope: [String], authTime: Int64) async throws -> JSONValue {
        try StrictJSONEncoder().encode(
            try await oauthGrants.issueTokens(account: account, clientId: clientId, scope: scope, authTime: authTime))
    }
}
