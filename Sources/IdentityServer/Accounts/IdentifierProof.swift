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
/// A code presented with a session (`verify-email`, `verify-phone-number`, an MFA factor's
/// registration code with a bearer token) is a proof by the session's holder: the session
/// already holds the account, through a credential of the account's own, so the identifier is
/// only marked verified. So is the verification email's link (``Proof/verificationLink``).
///
/// A reset (password reset, account recovery) by the owner of an identifier the account had
/// verified already ends every second factor on another identifier, every trusted device and
/// every step-up in progress: an intruder who once held the account keeps none of them.
///
/// This is the only code that can mark an identifier of an existing account verified: the
/// store's one such write takes a ``Receipt``, which only this type makes.
enum IdentifierProof {
    /// How the identifier was proven.
    enum Proof: Sendable, Equatable {
        /// A code or link presented without a session: a sign-in (magic link, SMS code, a
        /// provider's verified email), a verification (the inbox code, the MFA email link).
        case code
        /// A reset of the account's credentials (password reset, account recovery).
        case reset
        /// A code presented by the holder of a session of the account.
        case session
        /// The verification email's link, opened in a browser: the account's own request (its
        /// signup, or a session's send-email-verification or update-email) coming back. It only
        /// marks the address verified, as ReachFive's link does and as the SDK's apps expect
        /// (their session goes on): a GET can be fetched by a mail scanner before any person sees
        /// it, so it must take nothing away. The sign-in proofs above keep the ownership rule.
        case verificationLink
    }

    /// Permission to mark `identifier` of `accountId` verified (``IdentityStore/markVerified(_:in:)``).
    struct Receipt: Sendable {
        let accountId: String
        let identifier: Identifier
        let at: Int64
        fileprivate init(accountId: String, identifier: Identifier, at: Int64) {
            self.accountId = accountId
            self.identifier = identifier
            self.at = at
        }
    }

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
    /// - Parameter proven: the value the proof was made for (the code's target): when the
    ///   account's identifier is no longer that value, nothing is proven.
    static func claim(
        _ identifier: Identifier, accountId: String, by proof: Proof, proven: String? = nil, newAccountUserId: [UInt8]? = nil,
        core: ServiceCore, in db: Database
    ) throws -> String {
        guard let account = try core.store.account(id: accountId, in: db), let value = account[keyPath: identifier.value],
            proven == nil || proven == value
        else {
            throw APIError.invalidVerificationCode
        }
        let now = core.now
        if account[keyPath: identifier.verified] {
            if proof == .reset {
                try core.store.deleteMfaState(accountId: accountId, keepingFactorsOn: value, in: db)
            }
            return accountId
        }
        if proof == .session || proof == .verificationLink {
            try core.store.markVerified(Receipt(accountId: accountId, identifier: identifier, at: now), in: db)
            return accountId
        }
        if wouldMove(identifier, of: account) {
            try core.store.updateAccount(id: accountId, in: db) { a in
                a[keyPath: identifier.value] = nil
                a[keyPath: identifier.verified] = false
                a.updatedAt = now
            }
            try core.store.deleteCodes(accountId: accountId, target: value, in: db)
            // A second factor on the moving identifier leaves with it (MfaRecords.swift).
            try core.store.deleteMfaCredentials(target: value, accountId: accountId, in: db)
            var draft = AccountDraft()
            if identifier == .email {
                draft.email = value
                draft.emailVerified = true
            } else {
                draft.phoneNumber = value
                draft.phoneNumberVerified = true
            }
            return try AccountCreation.insert(draft, webauthnUserId: newAccountUserId, core: core, in: db).id
        }
        try core.store.updateAccount(id: accountId, in: db) { a in
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
            a.updatedAt = now
        }
        try core.store.markVerified(Receipt(accountId: accountId, identifier: identifier, at: now), in: db)
        try core.store.deletePasskeys(accountId: accountId, in: db)
        try core.store.unlinkIdentities(accountId: accountId, in: db)
        // The creator's second factors and trusted devices end too (MfaRecords.swift).
        try core.store.deleteMfaState(accountId: accountId, in: db)
        try core.store.deleteCodes(accountId: accountId, in: db)
        try core.store.revokeSessions(accountId: accountId, now: now, lifetimes: core.configuration.lifetimes, in: db)
        return accountId
    }
}
