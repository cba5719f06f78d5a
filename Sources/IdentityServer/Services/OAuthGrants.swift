import Encoding
import Foundation
import JOSE
import SQLite

/// The OAuth rules: authorization codes (from a `tkn` or a Sign in with Apple identity), their
/// exchange with PKCE (a code presented twice revokes what it gave), refresh-token families
/// (rotation, reuse detection; ``RefreshTokenState``), revocation, and the issuance of every
/// token response. Each public method is one store transaction (`core.store.transaction`, on the
/// store's own executor); signing happens outside it. Methods throw `APIError`.
struct OAuthGrants: Sendable {
    let core: ServiceCore
    let tokens: TokenIssuer
    let logins: LoginCompletion
    let recentTokens: RecentTokens
    let appleKeys: JWKSet?
    let providers: EmulatedProviders

    /// Issues the token response for `account`, fresh from a signup (no grant to take): the
    /// refresh token is kept in one transaction, only while the account's sessions are those
    /// `account` was read in.
    func issueTokens(account: Account, clientId: String, scope requested: [String], authTime: Int64) async throws -> TokenResponse {
        // Tokens straight from a first factor (a signup's): no second factor was proven.
        let scope = ServerConfiguration.grantedScope(requested, secondFactor: false)
        let family = core.secrets.token(bytes: 16)
        let refresh = refreshToken(for: scope)
        let core = self.core
        try await core.store.transaction { db in
            guard try core.store.account(id: account.id, in: db)?.sessionGeneration == account.sessionGeneration else {
                throw APIError.invalidGrant("The account's sessions ended during this request")
            }
            try keep(refresh, family: family, account: account, clientId: clientId, scope: scope, authTime: authTime, in: db)
        }
        return try sign(
            .init(account: account, clientId: clientId, scope: scope, authTime: authTime, family: family, refreshToken: refresh))
    }

    /// A new refresh token when the scope asks for one (`offline_access`).
    func refreshToken(for scope: [String]) -> String? { scope.contains("offline_access") ? core.secrets.token() : nil }

    /// Stores `token` (hashed) in `family`, inside the caller's transaction; nothing when nil.
    func keep(
        _ token: String?, family: String, account: Account, clientId: String, scope: [String], authTime: Int64, in db: Database
    ) throws {
        guard let token else { return }
        let expiresAt = core.now + core.configuration.lifetimes.refreshToken
        try core.store.insertRefreshToken(
            token,
            .init(
                family: family, accountId: account.id, clientId: clientId, scope: scope.joined(separator: " "), authTime: authTime,
                expiresAt: expiresAt, state: .active), in: db)
        // The family is a session device: opened by this request's device, or used by it (a refresh).
        try core.store.touchSessionDevice(
            id: family, kind: .refreshToken, accountId: account.id, device: .ofCurrentRequest, now: core.now, expiresAt: expiresAt,
            in: db)
    }

    /// Signs the tokens of `grant` (off the store's executor) and, with the emulator API on,
    /// notes the JWTs for the console's Tokens page.
    func sign(_ grant: TokenIssuer.Grant) throws -> TokenResponse {
        let now = core.now
        let response = try tokens.issue(grant, now: now, secrets: core.secrets)
        if core.configuration.emulatorAPI {
            let a = grant.account
            let who = a.email ?? a.phoneNumber ?? a.customIdentifier ?? a.id
            recentTokens.note(.init(kind: "access_token", subject: who, issuedAt: now, token: response.accessToken))
            if let idToken = response.idToken {
                recentTokens.note(.init(kind: "id_token", subject: who, issuedAt: now, token: idToken))
            }
        }
        return response
    }

    /// The token response of a signup that logs in, as JSON (see ``issueTokens(account:clientId:scope:authTime:)``).
    func issueTokensJSON(account: Account, clientId: String, scope: [String], authTime: Int64) async throws -> JSONValue {
        try StrictJSONEncoder().encode(try await issueTokens(account: account, clientId: clientId, scope: scope, authTime: authTime))
    }
}
