import SQLite

/// A login that only the owner of an email address or phone number can complete (a magic
/// link, an SMS code, Sign in with Apple with a verified email) proves that identifier for
/// the account that holds it. When the account had it unverified, whoever created the account
/// never proved it: their password and sessions end, so an account pre-registered under
/// someone else's address cannot be shared with, or hijacked from, its real owner
/// (the "pre-hijacking" attacks of Sudhodanan and Paverd, 2022).
enum IdentifierProof {
    enum Identifier { case email, phoneNumber }

    @discardableResult
    static func confirm(_ identifier: Identifier, accountId: String, env: ServerEnvironment, in db: Database) throws -> Account {
        let now = env.now
        var unproven = false
        let account = try env.store.updateAccount(id: accountId, in: db) { account in
            switch identifier {
            case .email:
                unproven = !account.emailVerified
                account.emailVerified = true
            case .phoneNumber:
                unproven = !account.phoneNumberVerified
                account.phoneNumberVerified = true
            }
            if unproven {
                account.passwordHash = nil
                account.updatedAt = now
            }
        }
        if unproven { try env.store.revokeSessions(accountId: accountId, now: now, lifetimes: env.configuration.lifetimes, in: db) }
        return account
    }
}
