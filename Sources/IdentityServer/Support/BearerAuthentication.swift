import Hummingbird
import SQLite

/// The entry points route groups call for bearer tokens and logins, forwarding to the
/// ``Sessions`` service (which owns the rules and their transactions).
extension ServerEnvironment {
    typealias Authenticated = Sessions.Authenticated

    /// The account behind the request's `Authorization: Bearer …` header (see
    /// ``Sessions/authenticate(_:requiring:)``).
    func authenticate(_ request: Request, requiring scope: String? = nil) async throws -> Authenticated {
        try await sessions.authenticate(request, requiring: scope)
    }

    func requireFreshLogin(_ auth: Authenticated) throws(APIError) { try sessions.requireFreshLogin(auth) }

    func endOtherSessions(of auth: Authenticated, in db: Database) throws { try sessions.endOtherSessions(of: auth, in: db) }

    func recheck(_ auth: Authenticated, in db: Database) throws { try sessions.recheck(auth, in: db) }

    func issueTkn(for account: Account, authType: String, checkingPassword: Bool = false) async throws -> String {
        try await sessions.issueTkn(for: account, authType: authType, checkingPassword: checkingPassword)
    }
}
