import Foundation
import SQLite

extension OAuthGrants {
    /// The SSO session cookie: a browser that logged in on the hosted page (or through an emulated
    /// provider's page) holds it, and `/oauth/authorize` then answers that browser with a code at
    /// once. `SameSite=Lax`: the app's browser arrives from another site, by a top-level `GET`.
    static let webSessionCookie = "r5_sso"

    /// Where `/oauth/authorize` sends a browser that has no session: the hosted login page, with
    /// the authorization request it completes. Relative: the browser stays on the host it used.
    static let hostedLoginPath = "/login"

    /// The client and redirect URI of a web login's authorization request, checked as
    /// `/oauth/authorize` checks them (a 400, never a redirect, until both are good): the page
    /// refuses a request that could only end at an unchecked URI. The redirect URI.
    func checkWebLogin(_ query: AuthorizeQuery) throws -> String {
        try core.configuration.requireClient(query.clientId.flatMap { $0.isEmpty ? nil : $0 })
        return try CallbackRule.required(
            query.redirectUri.flatMap { $0.isEmpty ? nil : $0 }, field: "redirect_uri", in: core.configuration)
    }

    /// Whether the server's cookies are `Secure` (``ServiceCore/secureCookies``).
    var secureCookies: Bool { core.secureCookies }

    /// A hosted page's anti-forgery token.
    func formToken() -> String { core.secrets.token() }

    /// Opens an SSO session for a login just completed in a browser, inside the transaction that
    /// issued its code; the `Set-Cookie` that gives the browser its secret.
    func openWebSession(accountId: String, method: String, authTime: Int64, in db: Database) throws -> String {
        let (_, secret) = try insertWebSession(accountId: accountId, method: method, authTime: authTime, in: db)
        return Self.webSessionSetCookie(secret, maxAge: core.configuration.lifetimes.webSession, secure: secureCookies)
    }

    private func insertWebSession(accountId: String, method: String, authTime: Int64, in db: Database) throws
        -> (IdentityStore.WebSessionRow, String)
    {
        let secret = core.secrets.token()
        let row = IdentityStore.WebSessionRow(
            id: core.secrets.token(bytes: 12), accountId: accountId, method: method, authTime: authTime, createdAt: core.now,
            expiresAt: core.now + core.configuration.lifetimes.webSession)
        try core.store.insertWebSession(row, secret: secret, in: db)
        try core.store.touchSessionDevice(
            id: row.id, kind: .ssoSession, accountId: accountId, device: .ofCurrentRequest, now: core.now, expiresAt: row.expiresAt, in: db)
        return (row, secret)
    }

    /// The emulator API's session for an account, as if it had logged in on the hosted page with
    /// a password just now: the row and the cookie's secret. 404 for an unknown account.
    func openWebSession(accountId: String) async throws -> (IdentityStore.WebSessionRow, String) {
        let core = self.core
        return try await core.store.transaction { db in
            guard try core.store.account(id: accountId, in: db) != nil else {
                throw APIError.notFound("No such account")
            }
            return try insertWebSession(accountId: accountId, method: LoginMethod.password.rawValue, authTime: core.now, in: db)
        }
    }

    static func webSessionSetCookie(_ value: String, maxAge: Int64, secure: Bool) -> String {
        "\(webSessionCookie)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Lax\(secure ? "; Secure" : "")"
    }

    /// The unexpired session a browser's cookie names, if any.
    func webSession(secret: String?) async throws -> IdentityStore.WebSessionRow? {
        guard let secret, !secret.isEmpty, secret.utf8.count <= 256 else { return nil }
        let core = self.core
        return try await core.store.reading { db in try core.store.webSession(secret: secret, now: core.now, in: db) }
    }

    /// A logout in the browser holding `secret`: its session ends; the `Set-Cookie` that clears it.
    func endWebSession(secret: String?) async throws -> String? {
        guard let secret, !secret.isEmpty, secret.utf8.count <= 256 else { return nil }
        let core = self.core
        try await core.store.transaction { db in try core.store.deleteWebSession(secret: secret, in: db) }
        return Self.webSessionSetCookie("", maxAge: 0, secure: secureCookies)
    }

    /// Unexpired sessions (one account's when given), newest first: the console and emulator API.
    func webSessions(accountId: String? = nil) async throws -> [IdentityStore.WebSessionRow] {
        let core = self.core
        return try await core.store.reading { db in try core.store.webSessions(accountId: accountId, now: core.now, in: db) }
    }

    /// Ends the session `id` (the console, the emulator API); false when there is none.
    func endWebSession(id: String) async throws -> Bool {
        let core = self.core
        return try await core.store.transaction { db in try core.store.deleteWebSession(id: id, in: db) }
    }
}
