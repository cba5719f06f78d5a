import Encoding
import Foundation
import SQLite

/// The account rules: signup, profile changes, identifier changes, passwords (update, reset,
/// forgotten), account recovery and password login's credential check. Each public method is one
/// store transaction (`core.store.transaction`, on the store's own executor); password hashing
/// runs before it, on the hashing executor, never inside it. Methods throw `APIError`.
struct Accounts: Sendable {
    let core: ServiceCore
    let passwords: PasswordHasher
    let sessions: Sessions
    let logins: LoginCompletion
    let grants: OAuthGrants

    /// How a signup ends when unverified identifiers may log in: with a `tkn` for the
    /// tkn exchange (the web SDK), or with tokens for `scope` (the iOS SDK's signup-token).
    enum SignupLogin: Sendable {
        case tkn
        case tokens(scope: [String])
    }

    /// A new account, and its login when one was asked for and unverified identifiers may log in.
    struct SignedUp: Sendable {
        var account: Account
        var tkn: String?
        var tokens: JSONValue?
    }

    /// Creates a password account from a signup's profile: the identifiers checked, the password
    /// strong enough (the profile's own words count against it) and hashed, then the account and
    /// its verification email (when the template is on) in one transaction; a taken identifier
    /// is a 400 naming it, and nothing is written. Then the login, when unverified identifiers may
    /// log in (the tkn and the tokens are the session's to issue, in their own transaction).
    func signup(_ fields: ProfileFields, password: String?, redirectURL: String?, login: SignupLogin) async throws -> SignedUp {
        var draft = try fields.draft(core: core, at: "data")
        let checked: String
        do throws(APIError) {
            checked = try ProfileInput.required(password, "password", max: 1024)
            try ProfileInput.checkStrength(checked, draft: draft, core: core)
        } catch { throw error.nested(under: "data") }
        let redirectURL = try CallbackRule.allowed(redirectURL, field: "redirect_url", in: core.configuration)
        draft.passwordHash = try await passwords.hash(checked, random: core.secrets.random)
        guard core.configuration.unverifiedIdentifierLogin else {
            return SignedUp(account: try await create(draft, redirectURL: redirectURL))
        }
        switch login {
        case .tkn:
            let account = try await create(draft, redirectURL: redirectURL)
            let outcome = try await core.store.transaction { db in
                try logins.complete(account, method: .password, grant: .tkn, newAccount: true, in: db)
            }
            guard case .tkn(let tkn) = outcome else { throw APIError.invalidGrant("The signup's login did not complete") }
            return SignedUp(account: account, tkn: tkn)
        case .tokens(let scope):
            let account = try await create(draft, redirectURL: redirectURL, countLogin: "password")
            let tokens = try await grants.issueTokensJSON(
                account: account, clientId: core.configuration.clientId, scope: scope, authTime: core.now)
            return SignedUp(account: account, tokens: tokens)
        }
    }

    /// Creates an account (with its first passkey, if any) and sends its verification email when
    /// it has an email and the template is on (a signup's email is counted, never refused: the
    /// signup happens once per identifier). One transaction.
    /// - Parameter countLogin: the login type to count as the account's first login, if any.
    func create(
        _ draft: AccountDraft, passkey: NewPasskey? = nil, webauthnUserId: [UInt8]? = nil, redirectURL: String? = nil,
        countLogin: String? = nil
    ) async throws -> Account {
        let core = self.core
        return try await core.store.transaction { db in
            var account = try AccountCreation.insert(draft, passkey: passkey, webauthnUserId: webauthnUserId, core: core, in: db)
            if account.email != nil, core.configuration.verifyEmailTemplate {
                try EmailVerification.send(to: account, redirectURL: redirectURL, limited: false, core: core, in: db)
            }
            if let countLogin {
                try core.store.recordLogin(accountId: account.id, type: countLogin, at: core.now, in: db)
                account = try core.store.account(id: account.id, in: db) ?? account
            }
            return account
        }
    }

    /// The hash of a new password that meets the strength rule, the account's own words counting
    /// against it. Hashing is slow, so callers do it before their transaction.
    func newPasswordHash(_ password: String, for account: Account) async throws -> String {
        try ProfileInput.checkStrength(
            password,
            draft: AccountDraft(
                email: account.email, phoneNumber: account.phoneNumber,
                customIdentifier: account.customIdentifier, profile: account.profile), core: core)
        return try await passwords.hash(password, random: core.secrets.random)
    }

    /// Sets the stored account's password hash inside the caller's transaction.
    func setPassword(_ hash: String, accountId: String, in db: Database) throws {
        let now = core.now
        try core.store.updateAccount(id: accountId, in: db) { stored in
            stored.passwordHash = hash
            stored.updatedAt = now
        }
    }
}
