import Foundation
import SQLite

/// One-time grants: `tkn`s (a finished login waiting for `/oauth/authorize`) and authorization
/// codes (waiting for `/oauth/token`). Taking a tkn deletes it in the same transaction, so a
/// second use finds nothing, even when two requests race; presenting a code spends it in the
/// same way, but keeps it to recognise (and punish) a second presentation.
extension IdentityStore {
    struct Tkn: Sendable {
        var accountId: String
        var authType: String
    }

    func insertTkn(_ tkn: String, accountId: String, authType: String, expiresAt: Int64, in db: Database) throws {
        try db.prepare("INSERT INTO tkns(tkn, account_id, auth_type, expires_at) VALUES(?1, ?2, ?3, ?4)")
            .bind(1, tkn).bind(2, accountId).bind(3, authType).bind(4, expiresAt).run()
    }

    /// The tkn's grant, or nil when unknown, used or expired.
    func takeTkn(_ tkn: String, now: Int64, in db: Database) throws -> Tkn? {
        guard
            let row = try db.prepare("SELECT account_id, auth_type, expires_at FROM tkns WHERE tkn = ?1").bind(1, tkn)
                .firstRow({ (Tkn(accountId: $0.text(0) ?? "", authType: $0.text(1) ?? ""), $0.int(2)) })
        else { return nil }
        try db.prepare("DELETE FROM tkns WHERE tkn = ?1").bind(1, tkn).run()
        return row.1 > now ? row.0 : nil
    }

    struct AuthorizationCode: Sendable {
        var accountId: String
        var clientId: String
        var redirectURI: String
        var codeChallenge: String
        var scope: String
        var nonce: String?
        var authTime: Int64
        var authType: String
        var expiresAt: Int64
    }

    func insertCode(_ code: String, _ c: AuthorizationCode, in db: Database) throws {
        let s = try db.prepare(
            """
            INSERT INTO authorization_codes(code, account_id, client_id, redirect_uri, code_challenge, scope, nonce, auth_time, auth_type, expires_at)
            VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
        _ = try s.bind(1, code).bind(2, c.accountId).bind(3, c.clientId).bind(4, c.redirectURI).bind(5, c.codeChallenge).bind(6, c.scope)
        try Self.bindOptional(s, 7, c.nonce)
        try s.bind(8, c.authTime).bind(9, c.authType).bind(10, c.expiresAt).run()
    }

    /// What presenting an authorization code found.
    enum CodePresentation: Sendable {
        /// The code's first presentation: its grant. It is now spent, recording `family`.
        case first(AuthorizationCode)
        /// Presented before: the refresh family its tokens were issued in.
        case again(family: String)
        case unknown
    }

    /// Spends `code`: its first presentation returns the grant and records `family` (the family
    /// its tokens will be issued in), keeping the row until `keptUntil`; a later presentation
    /// returns that family, so the caller can revoke what the code gave (RFC 6749 §4.1.2). Expiry
    /// is the caller's check, so it can say which.
    func presentCode(_ code: String, family: String, keptUntil: Int64, in db: Database) throws -> CodePresentation {
        guard
            let (grant, spent) = try db.prepare(
                """
                SELECT account_id, client_id, redirect_uri, code_challenge, scope, nonce, auth_time, auth_type, expires_at, spent_family
                FROM authorization_codes WHERE code = ?1
                """
            ).bind(1, code).firstRow({ s in
                (
                    AuthorizationCode(
                        accountId: s.text(0) ?? "", clientId: s.text(1) ?? "", redirectURI: s.text(2) ?? "",
                        codeChallenge: s.text(3) ?? "", scope: s.text(4) ?? "", nonce: s.text(5), authTime: s.int(6),
                        authType: s.text(7) ?? "", expiresAt: s.int(8)), s.text(9)
                )
            })
        else { return .unknown }
        if let spent { return .again(family: spent) }
        try db.prepare("UPDATE authorization_codes SET spent_family = ?2, expires_at = MAX(expires_at, ?3) WHERE code = ?1")
            .bind(1, code).bind(2, family).bind(3, keptUntil).run()
        return .first(grant)
    }
}
