import Foundation
import Hummingbird
import SQLite

/// The rules of a login's life: which account a bearer access token signs in (and whether its
/// session still lasts), how recent a login must be for a change to how the account signs in,
/// ending the other sessions, and finishing a login with a single-use `tkn`.
///
/// A bearer token is checked in two steps: its signature, issuer and expiry when the request
/// arrives (``bearer(_:)``, no store), then against the store (revoked, account gone, session
/// ended) inside the transaction of the service call it authorizes, so a request whose body was
/// held back while the account changed hands cannot write after the change.
struct Sessions: Sendable {
    let env: ServerEnvironment

    /// A request's bearer access token, signature and expiry checked, not yet the store.
    struct Bearer: Sendable {
        var token: String
        var access: TokenIssuer.Access
    }

    /// A bearer token checked against the store: the account it signs in, as read then.
    struct Authenticated: Sendable {
        var access: TokenIssuer.Access
        var account: Account
        var token: String
    }

    /// The `Authorization: Bearer …` header (scheme matched case-insensitively), verified:
    /// missing, malformed, badly signed or expired is 401.
    func bearer(_ request: Request) throws(APIError) -> Bearer {
        guard let header = request.headers[.authorization] else { throw APIError.invalidToken("The Authorization header is missing") }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.invalidToken("The Authorization header must be \"Bearer <access_token>\"")
        }
        let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        return Bearer(token: token, access: try env.tokens.verifyAccessToken(token, now: env.clock.now))
    }

    /// The account behind the request's bearer token, in one read transaction: a revoked
    /// token, a deleted account or an ended session is 401; a token without `scope` is 403
    /// `insufficient_scope`.
    func authenticate(_ request: Request, requiring scope: String? = nil) async throws -> Authenticated {
        let bearer = try bearer(request)
        return try await env.store.reading { db in try authenticate(bearer, requiring: scope, in: db) }
    }

    /// The same check inside the caller's transaction (what a service that takes a ``Bearer``
    /// does before it writes).
    func authenticate(_ bearer: Bearer, requiring scope: String? = nil, in db: Database) throws -> Authenticated {
        let access = bearer.access
        guard try !env.store.isRevoked(jti: access.jti, family: access.family, in: db) else {
            throw APIError.invalidToken("The access token was revoked")
        }
        guard let account = try env.store.account(id: access.accountId, in: db) else {
            throw APIError.invalidToken("The account no longer exists")
        }
        if access.sessionGeneration < account.sessionGeneration {
            guard try env.store.isKept(session: access.session, accountId: account.id, generation: account.sessionGeneration, in: db)
            else {
                throw APIError.invalidToken("The access token's session has ended")
            }
        }
        if let scope, !access.scope.contains(scope) { throw APIError.insufficientScope(scope) }
        return Authenticated(access: access, account: account, token: bearer.token)
    }

    /// A change to how the account signs in (a password without the old one, an identifier, a
    /// passkey) needs the login behind the token to be at most `fresh_login_seconds` old, else
    /// 401 `error.accessToken.freshness`, as ReachFive answers.
    func requireFreshLogin(_ auth: Authenticated) throws(APIError) {
        guard auth.access.authTime >= env.now - env.configuration.freshLoginSeconds else { throw APIError.staleLogin }
    }

    /// Inside a write of a request authenticated before the transaction: the account's sessions
    /// must not have ended since (the token is read before the body, which a client can hold
    /// back while the account changes hands), else 401 and the write rolls back.
    func recheck(_ auth: Authenticated, in db: Database) throws {
        guard let current = try env.store.account(id: auth.account.id, in: db), current.sessionGeneration == auth.account.sessionGeneration
        else {
            throw APIError.invalidToken("The access token's session has ended")
        }
    }

    /// Ends every session of the account but the caller's (a password change): the caller's
    /// session is carried into the new session generation for as long as it can last.
    func endOtherSessions(of auth: Authenticated, in db: Database) throws {
        let now = env.now
        let keptUntil = auth.access.family == nil ? auth.access.expiresAt : now + env.configuration.lifetimes.refreshToken
        try env.store.revokeSessions(
            accountId: auth.account.id, now: now, lifetimes: env.configuration.lifetimes, keeping: auth.access.session,
            keptUntil: keptUntil, in: db)
    }

    /// Ends a login in one transaction (see the in-transaction form).
    func issueTkn(for account: Account, authType: String, checkingPassword: Bool = false) async throws -> String {
        try await env.store.transaction { db in try issueTkn(for: account, authType: authType, checkingPassword: checkingPassword, in: db) }
    }

    /// Ends a login: counts it on the account and issues the single-use `tkn` that
    /// `/oauth/authorize` exchanges for a code. The account is read again here: when its sessions
    /// ended (or, for a password login, its password changed) since `account` was read, the
    /// login is refused, so a login checked before an owner's proof cannot finish after it.
    func issueTkn(for account: Account, authType: String, checkingPassword: Bool = false, in db: Database) throws -> String {
        let tkn = env.secrets.token()
        let now = env.now
        try env.purgeExpiredGrantsIfDue(now: now, in: db)
        guard let current = try env.store.account(id: account.id, in: db), current.sessionGeneration == account.sessionGeneration,
            !checkingPassword || current.passwordHash == account.passwordHash
        else {
            throw checkingPassword ? APIError.badCredentials : APIError.invalidGrant("The account changed during the login; try again")
        }
        try env.store.recordLogin(accountId: account.id, type: authType, at: now, in: db)
        try env.store.insertTkn(tkn, accountId: account.id, authType: authType, expiresAt: now + env.configuration.lifetimes.tkn, in: db)
        return tkn
    }
}

extension ServerEnvironment {
    /// Bearer tokens, fresh logins and `tkn`s (see Sessions).
    var sessions: Sessions { Sessions(env: self) }
}
