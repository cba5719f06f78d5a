import SQLite

/// The one rule for who owns an account whose email address or phone number was never proven.
///
/// A proof is something only the identifier's owner can present: a magic link or SMS sign-in
/// code, Sign in with Apple with a verified email, a password-reset code, an account-recovery
/// code, or an email-verification code presented without a session. When the identifier was
/// already verified on the account, a proof changes nothing here. When it was not, whoever
/// created the account never proved it (the "pre-hijacking" attacks of Sudhodanan and Paverd,
/// 2022), and the prover gets the identifier:
///
/// - **The account has no other verified identifier:** the prover becomes its sole owner. Every
///   credential ends: the password, every passkey, every linked provider identity, the other
///   identifiers (never verified, so never anyone's proven property), the creator's profile
///   fields and consents, every session (refresh
///   families, access tokens, pending `tkn`s and authorization codes) and every pending code.
///   The identifier becomes verified. The caller then adds the credential its proof came
///   through (the reset's new password, the recovery's new passkey, the Apple identity), in the
///   same transaction.
/// - **Another identifier of the account is verified:** the account has a proven owner, who
///   never proved this identifier. It leaves that account (nothing else of it changes; codes
///   sent to it are deleted) and becomes, verified, a new account of the prover's own.
///
/// Either way the prover ends up alone on an account with the identifier verified, and the
/// caller must act on the account id returned, not on the one it started from.
///
/// A code presented with a session (`verify-email` and `verify-phone-number` with a bearer
/// token) is not a proof in this sense: the session already holds the account, through a
/// credential of the account's own, so the identifier is only marked verified.
enum IdentifierProof {
    enum Identifier: Sendable {
        case email, phoneNumber

        var value: WritableKeyPath<Account, String?> { self == .email ? \.email : \.phoneNumber }
        var verified: WritableKeyPath<Account, Bool> { self == .email ? \.emailVerified : \.phoneNumberVerified }
        var other: Identifier { self == .email ? .phoneNumber : .email }
    }

    /// Whether a proof of `identifier` would move it to a new account (another identifier of the
    /// account is verified, this one is not).
    static func wouldMove(_ identifier: Identifier, of account: Account) -> Bool {
        !account[keyPath: identifier.verified] && account[keyPath: identifier.other.verified]
    }

    /// Applies a proof of the account's `identifier` inside the caller's write transaction and
    /// returns the id of the account the prover now owns.
    /// - Parameter newAccountUserId: the WebAuthn user handle of the account created when the
    ///   identifier moves (an account recovery made its passkey for that handle already).
    static func claim(
        _ identifier: Identifier, accountId: String, newAccountUserId: [UInt8]? = nil,
        env: ServerEnvironment, in db: Database
    ) throws -> String {
        guard let account = try env.store.account(id: accountId, in: db), let value = account[keyPath: identifier.value] else {
            throw APIError.invalidVerificationCode
        }
        if account[keyPath: identifier.verified] { return accountId }
        let now = env.now
        if wouldMove(identifier, of: account) {
            try env.store.updateAccount(id: accountId, in: db) { a in
                a[keyPath: identifier.value] = nil
                a[keyPath: identifier.verified] = false
                a.updatedAt = now
            }
            try env.store.deleteCodes(accountId: accountId, target: value, in: db)
            // A second factor on the moving identifier leaves with it (MfaRecords.swift).
            try env.store.deleteMfaCredentials(target: value, accountId: accountId, in: db)
            var draft = AccountDraft()
            if identifier == .email {
                draft.email = value
                draft.emailVerified = true
            } else {
                draft.phoneNumber = value
                draft.phoneNumberVerified = true
            }
            return try AccountCreation.insert(draft, webauthnUserId: newAccountUserId, env: env, in: db).id
        }
        try env.store.updateAccount(id: accountId, in: db) { a in
            a.passwordHash = nil
            a.email = nil
            a.emailVerified = false
            a.phoneNumber = nil
            a.phoneNumberVerified = false
            a.customIdentifier = nil
            // The creator's profile (names, addresses, consents, custom fields) was never the
            // owner's to give: the owner starts from an empty one.
            a.profile = [:]
            a[keyPath: identifier.value] = value
            a[keyPath: identifier.verified] = true
            a.updatedAt = now
        }
        try env.store.deletePasskeys(accountId: accountId, in: db)
        try env.store.unlinkIdentities(accountId: accountId, in: db)
        // The creator's second factors and trusted devices end too (MfaRecords.swift).
        try env.store.deleteMfaState(accountId: accountId, in: db)
        try env.store.deleteCodes(accountId: accountId, in: db)
        try env.store.revokeSessions(accountId: accountId, now: now, lifetimes: env.configuration.lifetimes, in: db)
        return accountId
    }
}
