import SQLite

/// The hosted login page's SSO sessions: one row per browser that logged in there (or through an
/// emulated provider's page), found by the hash of the secret its `r5_sso` cookie holds. The `id`
/// names the session where people see it (the console, the emulator API); the secret never
/// leaves the browser.
extension IdentityStore {
    struct WebSessionRow: Sendable, Equatable {
        var id: String
        var accountId: String
        /// How the login that opened the session proved its first factor (``LoginMethod``).
        var method: String
        /// When that login happened: a silent login's `auth_time` (OIDC Core §2).
        var authTime: Int64
        var createdAt: Int64
        var expiresAt: Int64
    }

    private static let webSessionColumns = "id, account_id, method, auth_time, created_at, expires_at"

    private static func webSession(from s: Statement) -> WebSessionRow {
        WebSessionRow(
            id: s.text(0) ?? "", accountId: s.text(1) ?? "", method: s.text(2) ?? "", authTime: s.int(3), createdAt: s.int(4),
            expiresAt: s.int(5))
    }

    func insertWebSession(_ row: WebSessionRow, secret: String, in db: Database) throws {
        try db.prepare(
            "INSERT INTO web_sessions(id, secret_hash, account_id, method, auth_time, created_at, expires_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)"
        )
        .bind(1, row.id).bind(2, Self.cookieHash(secret)).bind(3, row.accountId).bind(4, row.method).bind(5, row.authTime)
        .bind(6, row.createdAt).bind(7, row.expiresAt).run()
    }

    /// The unexpired session whose cookie holds `secret`.
    func webSession(secret: String, now: Int64, in db: Database) throws -> WebSessionRow? {
        try db.prepare("SELECT \(Self.webSessionColumns) FROM web_sessions WHERE secret_hash = ?1 AND expires_at > ?2")
            .bind(1, Self.cookieHash(secret)).bind(2, now).firstRow(Self.webSession)
    }

    func webSessionIsOpen(id: String, now: Int64, in db: Database) throws -> Bool {
        try db.prepare("SELECT 1 FROM web_sessions WHERE id = ?1 AND expires_at > ?2").bind(1, id).bind(2, now).firstRow { _ in true }
            ?? false
    }

    /// Unexpired sessions, newest first; one account's when `accountId` is given.
    func webSessions(accountId: String? = nil, now: Int64, in db: Database) throws -> [WebSessionRow] {
        let s: Statement
        if let accountId {
            s = try db.prepare(
                "SELECT \(Self.webSessionColumns) FROM web_sessions WHERE account_id = ?1 AND expires_at > ?2 ORDER BY created_at DESC, id"
            ).bind(1, accountId).bind(2, now)
        } else {
            s = try db.prepare(
                "SELECT \(Self.webSessionColumns) FROM web_sessions WHERE expires_at > ?1 ORDER BY created_at DESC, id LIMIT 1000"
            ).bind(1, now)
        }
        var out: [WebSessionRow] = []
        while try s.step() { out.append(Self.webSession(from: s)) }
        return out
    }

    /// Ends one session; true when there was one.
    func deleteWebSession(id: String, in db: Database) throws -> Bool {
        try db.prepare("DELETE FROM web_sessions WHERE id = ?1").bind(1, id).run()
        return db.changes > 0
    }

    /// Ends the session whose cookie holds `secret` (a logout in that browser).
    func deleteWebSession(secret: String, in db: Database) throws {
        try db.prepare("DELETE FROM web_sessions WHERE secret_hash = ?1").bind(1, Self.cookieHash(secret)).run()
    }
}
