import Foundation
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
    let core: ServiceCore
    let tokens: TokenIssuer

    /// A request's bearer access token, signature and expiry checked, not yet the store, and
    /// the policy its route declared where it was registered: what the store check enforces.
    struct Bearer: Sendable {
        var token: String
        var access: TokenIssuer.Access
        var policy: BearerPolicy
    }

    /// A bearer token checked against the store under its route's policy: the account it signs
    /// in, as read then.
    struct Authenticated: Sendable {
        var access: TokenIssuer.Access
        var account: Account
        var token: String
        var policy: BearerPolicy
        /// Whether the login behind the token is at most `fresh_login_seconds` old.
        var isFresh: Bool

        /// A request that changes how the account signs in (a password without the old one, a
        /// login identifier through update-profile) on a route whose policy asks a fresh login
        /// for such changes: 401 `error.accessToken.freshness` when the login is not fresh. A
        /// route that declared no freshness at all cannot make such a change (a 500 names it),
        /// so the declaration and the service cannot drift apart.
        func requireFreshForSignInChange() throws(APIError) {
            guard policy.freshness != .any else {
                throw APIError(
                    .internalServerError, "server_error", "This route declares no fresh-login rule for sign-in changes", key: .serverError)
            }
            guard isFresh else { throw APIError.staleLogin }
        }
    }

    /// The `Authorization: Bearer …` header (scheme matched case-insensitively), verified:
    /// missing, malformed, badly signed or expired is 401. Only the route registration calls it, with
    /// the route's declared policy.
    func bearer(authorization header: String?, policy: BearerPolicy) throws(APIError) -> Bearer {
        guard let header else { throw APIError.invalidToken("The Authorization header is missing") }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw APIError.invalidToken("The Authorization header must be \"Bearer <access_token>\"")
        }
        let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
        return Bearer(token: token, access: try tokens.verifyAccessToken(token, now: core.clock.now), policy: policy)
    }

    /// The account behind the bearer token, in one read transaction (see the in-transaction form).
    func authenticate(_ bearer: Bearer) async throws -> Authenticated {
        try await core.store.reading { db in try authenticate(bearer, in: db) }
    }

    /// The bearer token checked against the store inside the caller's transaction, under its
    /// route's policy: a revoked token, a deleted account or an ended session is 401; a token
    /// without the policy's scope is 403 `insufficient_scope`; a login older than
    /// `fresh_login_seconds` where the policy requires a fresh one is 401
    /// `error.accessToken.freshness`, as ReachFive answers.
    func authenticate(_ bearer: Bearer, in db: Database) throws -> Authenticated {
        let access = bearer.access
        // Checked again here: a body held back can outlast the token checked when it arrived.
        guard access.expiresAt > core.now else { throw APIError.invalidToken("The access token has expired") }
        guard try !core.store.isRevoked(jti: access.jti, family: access.family, in: db) else {
            throw APIError.invalidToken("The access token was revoked")
        }
        guard let account = try core.store.account(id: access.accountId, in: db) else {
            throw APIError.invalidToken("The account no longer exists")
        }
        if access.sessionGeneration < account.sessionGeneration {
            guard try core.store.isKept(session: access.session, accountId: account.id, generation: account.sessionGeneration, in: db)
            else {
                throw APIError.invalidToken("The access token's session has ended")
            }
        }
        let policy = bearer.policy
        if let scope = policy.scope, !access.scope.contains(scope) { throw APIError.insufficientScope(scope) }
        let isFresh = access.authTime >= core.now - core.configuration.freshLoginSeconds
        if policy.freshness == .required, !isFresh { throw APIError.staleLogin }
        return Authenticated(access: access, account: account, token: bearer.token, policy: policy, isFresh: isFresh)
    }

    /// Inside a write of a request authenticated before the transaction: the account's sessions
    /// must not have ended since (the token is read before the body, which a client can hold
    /// back while the account changes hands), else 401 and the write rolls back.
    func recheck(_ auth: Authenticated, in db: Database) throws {
        guard let current = try core.store.account(id: auth.account.id, in: db), current.sessionGeneration == auth.account.sessionGeneration
        else {
            throw APIError.invalidToken("The access token's session has ended")
        }
    }

    /// Ends every session of the account but the caller's (a password change): the caller's
    /// session is carried into the new session generation for as long as it can last.
    func endOtherSessions(of auth: Authenticated, in db: Database) throws {
        let now = core.now
        let keptUntil = auth.access.family == nil ? auth.access.expiresAt : now + core.configuration.lifetimes.refreshToken
        try core.store.revokeSessions(
            accountId: auth.account.id, now: now, lifetimes: core.configuration.lifetimes, keeping: auth.access.session,
            keptUntil: keptUntil, in: db)
    }
}
