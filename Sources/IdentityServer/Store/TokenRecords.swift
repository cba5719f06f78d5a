import Foundation
import LatchkeyCrypto
import SQLite

/// Refresh tokens (stored as SHA-256 hashes, grouped in rotation families) and revocations.
///
/// Rotation: each refresh returns a new token and marks the old one `rotated`. Presenting a
/// rotated token again means it leaked, so the whole family is revoked, access tokens
/// included (they carry the family id), as OAuth 2.1 §4.3.1 recommends.
extension IdentityStore {
    struct RefreshGrant: Sendable {
        var family: String
        var accountId: String
        var clientId: String
        var scope: String
        var authTime: Int64
        var expiresAt: Int64
        var state: RefreshTokenState
    }

    /// A token whose family was revoked meanwhile (its predecessor was replayed while this one
    /// was being issued) is born revoked, so a race cannot revive the family.
    func insertRefreshToken(_ token: String, _ g: RefreshGrant, in db: Database) throws {
        try db.prepare(
            """
            INSERT INTO refresh_tokens(token_hash, family, account_id, client_id, scope, auth_time, expires_at, state)
            VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7,
                   CASE WHEN EXISTS (SELECT 1 FROM revoked_families WHERE family = ?2) THEN ?8 ELSE ?9 END)
            """
        ).bind(1, Digest.sha256(token)).bind(2, g.family).bind(3, g.accountId).bind(4, g.clientId).bind(5, g.scope)
            .bind(6, g.authTime).bind(7, g.expiresAt).bind(8, RefreshTokenState.revoked.column).bind(9, RefreshTokenState.active.column)
            .run()
    }

    func refreshGrant(_ token: String, in db: Database) throws -> RefreshGrant? {
        try db.prepare(
            """
            SELECT family, account_id, client_id, scope, auth_time, expires_at, state FROM refresh_tokens WHERE token_hash = ?1
            """
        ).bind(1, Digest.sha256(token)).firstRow { s in
            RefreshGrant(
                family: s.text(0) ?? "", accountId: s.text(1) ?? "", clientId: s.text(2) ?? "", scope: s.text(3) ?? "",
                authTime: s.int(4), expiresAt: s.int(5), state: RefreshTokenState(column: s.text(6)))
        }
    }

    func markRotated(_ token: String, in db: Database) throws {
        try db.prepare("UPDATE refresh_tokens SET state = ?2 WHERE token_hash = ?1").bind(1, Digest.sha256(token))
            .bind(2, RefreshTokenState.rotated.column).run()
    }

    func revokeFamily(_ family: String, until expiresAt: Int64, in db: Database) throws {
        try db.prepare("UPDATE refresh_tokens SET state = ?2 WHERE family = ?1").bind(1, family).bind(2, RefreshTokenState.revoked.column)
            .run()
        try db.prepare(
            "INSERT INTO revoked_families(family, expires_at) VALUES(?1, ?2) ON CONFLICT(family) DO UPDATE SET expires_at = MAX(expires_at, excluded.expires_at)"
        )
        .bind(1, family).bind(2, expiresAt).run()
    }

    /// Ends every session of an account: each refresh-token family is revoked, the session
    /// generation moves on (voiding every access token issued so far, also those without a
    /// refresh token), and unexchanged `tkn`s and authorization codes are deleted.
    ///
    /// `keeping` names one session that survives (a password change keeps the caller's own): its
    /// refresh family stays active and it is carried into the new generation until `keptUntil`.
    /// A session is its refresh family, or the access token's `jti` when it has none.
    func revokeSessions(
        accountId: String, now: Int64, lifetimes: ServerConfiguration.Lifetimes, keeping: String? = nil,
        keptUntil: Int64 = 0, in db: Database
    ) throws {
        let s = try db.prepare("SELECT DISTINCT family FROM refresh_tokens WHERE account_id = ?1").bind(1, accountId)
        var families: [String] = []
        while try s.step() { families.append(s.text(0) ?? "") }
        for family in families where family != keeping { try revokeFamily(family, until: now + lifetimes.refreshToken, in: db) }
        try db.prepare("UPDATE accounts SET session_generation = session_generation + 1 WHERE id = ?1").bind(1, accountId).run()
        try db.prepare("DELETE FROM tkns WHERE account_id = ?1").bind(1, accountId).run()
        try db.prepare("DELETE FROM authorization_codes WHERE account_id = ?1").bind(1, accountId).run()
        try db.prepare("DELETE FROM kept_sessions WHERE account_id = ?1").bind(1, accountId).run()
        try db.prepare("DELETE FROM web_sessions WHERE account_id = ?1").bind(1, accountId).run()
        try db.prepare("DELETE FROM session_devices WHERE account_id = ?1 AND id IS NOT ?2").bind(1, accountId).bind(2, keeping ?? "").run()
        if let keeping {
            try db.prepare(
                """
                INSERT INTO kept_sessions(session, account_id, generation, expires_at)
                SELECT ?1, id, session_generation, ?3 FROM accounts WHERE id = ?2
                """
            ).bind(1, keeping).bind(2, accountId).bind(3, max(keptUntil, now + 1)).run()
        }
    }

    /// Whether `session` was kept into the account's current generation by a password change.
    func isKept(session: String, accountId: String, generation: Int64, in db: Database) throws -> Bool {
        try db.prepare("SELECT 1 FROM kept_sessions WHERE session = ?1 AND account_id = ?2 AND generation = ?3")
            .bind(1, session).bind(2, accountId).bind(3, generation).firstRow({ _ in true }) == true
    }

    func revokeAccessToken(jti: String, until expiresAt: Int64, in db: Database) throws {
        try db.prepare("INSERT OR IGNORE INTO revoked_access_tokens(jti, expires_at) VALUES(?1, ?2)").bind(1, jti).bind(2, expiresAt).run()
    }

    func isFamilyRevoked(_ family: String, in db: Database) throws -> Bool {
        try db.prepare("SELECT 1 FROM revoked_families WHERE family = ?1").bind(1, family).firstRow({ _ in true }) == true
    }

    /// Whether an access token was revoked, by itself or through its family. (A token from an
    /// ended session generation is refused against its account, in `authenticate`.)
    func isRevoked(jti: String, family: String?, in db: Database) throws -> Bool {
        if try db.prepare("SELECT 1 FROM revoked_access_tokens WHERE jti = ?1").bind(1, jti).firstRow({ _ in true }) == true {
            return true
        }
        guard let family else { return false }
        return try isFamilyRevoked(family, in: db)
    }

    /// Drops grants and revocations that have expired (they can no longer be presented).
    func purgeExpired(now: Int64) throws {
        try write { db in try purgeExpired(now: now, in: db) }
    }

    func purgeExpired(now: Int64, in db: Database) throws {
        for table in [
            "tkns", "authorization_codes", "challenges", "refresh_tokens", "revoked_families", "revoked_access_tokens",
            "verification_codes", "kept_sessions", "web_sessions", "session_devices",
        ] {
            try db.prepare("DELETE FROM \(table) WHERE expires_at <= ?1").bind(1, now).run()
        }
    }
}

/// The `refresh_tokens.state` column's text values (the schema's CHECK names the same three).
extension RefreshTokenState {
    var column: String {
        switch self {
        case .active: return "active"
        case .rotated: return "rotated"
        case .revoked: return "revoked"
        }
    }

    /// An unknown value reads as revoked: a token the server cannot place is never usable.
    init(column: String?) {
        self = Self.allCases.first { $0.column == column } ?? .revoked
    }
}
