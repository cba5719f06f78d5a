import Foundation
import Hummingbird
import SQLite

extension ServerEnvironment {
    struct Authenticated: Sendable {
        var access: TokenIssuer.Access
        var account: Account
        var token: String
    }

    /// The account behind the request's `Authorization: Bearer …` header (scheme matched
    /// case-insensitively). Missing, malformed, expired or revoked tokens, and tokens of a
    /// deleted account, are 401; a valid token without `scope` is 403 `insufficient_scope`.
    func authenticate(_ request: Request, requiring scope: String? = nil) throws -> Authenticated {
        guard let header = request.headers[.authorization] else { throw APIError.invalidToken("The Authorization header is missing") }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.invalidToken("The Authorization header must be \"Bearer <access_token>\"")
        }
        let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        let access = try tokens.verifyAccessToken(token, now: clock.now)
        guard try !store.isRevoked(jti: access.jti, family: access.family) else {
            throw APIError.invalidToken("The access token was revoked")
        }
        guard let account = try store.account(id: access.accountId) else { throw APIError.invalidToken("The account no longer exists") }
        if access.sessionGeneration < account.sessionGeneration {
            guard try store.isKept(session: access.session, accountId: account.id, generation: account.sessionGeneration) else {
                throw APIError.invalidToken("The access token's session has ended")
            }
        }
        if let scope, !access.scope.contains(scope) { throw APIError.insufficientScope(scope) }
        return Authenticated(access: access, account: account, token: token)
    }

    /// A change that needs a recent login (a password change without the old password): the
    /// login behind the token must be at most `fresh_login_seconds` old, else 401
    /// `error.accessToken.freshness`, as ReachFive answers.
    func requireFreshLogin(_ auth: Authenticated) throws(APIError) {
        guard auth.access.authTime >= now - configuration.freshLoginSeconds else { throw APIError.staleLogin }
    }

    /// Ends every session of the account but the caller's (a password change): the caller's
    /// session is carried into the new session generation for as long as it can last.
    func endOtherSessions(of auth: Authenticated, in db: Database) throws {
        let keptUntil = auth.access.family == nil ? auth.access.expiresAt : now + configuration.lifetimes.refreshToken
        try store.revokeSessions(
            accountId: auth.account.id, now: now, lifetimes: configuration.lifetimes, keeping: auth.access.session,
            keptUntil: keptUntil, in: db)
    }

    /// Inside a write a bearer-authenticated request makes: the account's sessions must not have
    /// ended since `authenticate` (the token is read before the body, which a client can hold
    /// back while the account changes hands), else 401 and the write rolls back.
    func recheck(_ auth: Authenticated, in db: Database) throws {
        guard let current = try store.account(id: auth.account.id, in: db), current.sessionGeneration == auth.account.sessionGeneration
        else {
            throw APIError.invalidToken("The access token's session has ended")
        }
    }

    /// Ends a login: counts it on the account and issues the single-use `tkn` that
    /// `/oauth/authorize` exchanges for a code. The account is read again in the same
    /// transaction: when its sessions ended (or, for a password login, its password changed)
    /// since `account` was read, the login is refused, so a login checked before an owner's proof
    /// cannot finish after it.
    func issueTkn(for account: Account, authType: String, checkingPassword: Bool = false) throws -> String {
        let tkn = secrets.token()
        let now = self.now
        try purgeExpiredGrantsIfDue(now: now)
        try store.write { db in
            guard let current = try store.account(id: account.id, in: db), current.sessionGeneration == account.sessionGeneration,
                !checkingPassword || current.passwordHash == account.passwordHash
            else {
                throw checkingPassword ? APIError.badCredentials : APIError.invalidGrant("The account changed during the login; try again")
            }
            try store.recordLogin(accountId: account.id, type: authType, at: now, in: db)
            try store.insertTkn(tkn, accountId: account.id, authType: authType, expiresAt: now + configuration.lifetimes.tkn, in: db)
        }
        return tkn
    }
}
