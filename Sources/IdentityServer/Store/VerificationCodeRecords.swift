import Encoding
import Foundation
import LatchkeyCrypto
import SQLite

/// Codes sent by email or SMS: one live code per account and purpose; a new one replaces the
/// old. A code is checked in constant time and deleted once used, or after
/// `codeAttemptLimit` wrong guesses (a million six-digit codes are otherwise guessed in
/// minutes), after which only a new code works. Across codes, each account and each identifier
/// has a budget of wrong guesses per window (`limits.wrong_codes_per_account`): past it every
/// check is a 429. Identifiers without an account spend theirs alike. The codes only the
/// account's holder can reach have budgets of their own (``CodePurpose/budget``): a wrong guess
/// counts against the codes it could name, so anyone guessing at a sign-in or reset code cannot
/// block the step-up code.
extension IdentityStore {
    static let codeAttemptLimit = 5

    enum CodePurpose: String, Sendable {
        case emailVerification = "email_verification"
        case phoneVerification = "phone_verification"
        case passwordReset = "password_reset"
        case passwordless
        case passkeyReset = "passkey_reset"
        // MFA (Services/Mfa*): registering an email or phone factor, and a step-up's code.
        case mfaEmailRegistration = "mfa_email"
        case mfaPhoneRegistration = "mfa_phone"
        case mfaStepUp = "mfa_step_up"

        /// Codes anyone may ask for or guess at by naming an identifier (a sign-in, a reset, a
        /// recovery, the inbox verification) share one budget per identifier and account. Codes
        /// only the account's holder can reach (an MFA step-up after the first factor, a factor's
        /// or a phone's registration with a session) have budgets of the account's own, which no
        /// one else's requests can spend: the owner still steps up while someone hammers the
        /// others, and another account texting the same number spends its own.
        var isHolderOnly: Bool {
            switch self {
            case .passwordless, .passwordReset, .passkeyReset, .emailVerification: false
            case .phoneVerification, .mfaEmailRegistration, .mfaPhoneRegistration, .mfaStepUp: true
            }
        }

        /// The prefix of this purpose's budget keys (codes sent, wrong guesses).
        var budget: String { isHolderOnly ? rawValue + ":" : "" }

        /// The key a code sent to `target` counts under.
        func sendKey(target: String, accountId: String?) -> String {
            isHolderOnly ? budget + (accountId ?? "-") + ":" + target : target
        }
    }

    func upsertCode(
        accountId: String, purpose: CodePurpose, target: String, code: String, data: JSONValue = .object([:]),
        expiresAt: Int64, in db: Database
    ) throws {
        try db.prepare(
            """
            INSERT INTO verification_codes(account_id, purpose, target, code, data, expires_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT(account_id, purpose) DO UPDATE SET target = excluded.target, code = excluded.code, data = excluded.data,
                expires_at = excluded.expires_at, attempts = 0
            """
        ).bind(1, accountId).bind(2, purpose.rawValue).bind(3, target).bind(4, code).bind(5, JSONText.serialize(data))
            .bind(6, expiresAt).run()
    }

    /// The stored data when `code` is the live code for this account, purpose and target; the
    /// code is then consumed. Nil for a wrong, expired or unknown code.
    func consumeCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws
        -> JSONValue?
    {
        guard let data = try liveCodeData(accountId: accountId, purpose: purpose, target: target, code: code, now: now, in: db) else {
            return nil
        }
        try db.prepare("DELETE FROM verification_codes WHERE account_id = ?1 AND purpose = ?2").bind(1, accountId).bind(2, purpose.rawValue)
            .run()
        return try StrictJSON.parse(Array(data.utf8), maxDepth: 64)
    }

    /// Consumes `code` when it is the live code of the first of `purposes` that has one (they
    /// share one budget: an account recovery's code also resets a password, as ReachFive's guide
    /// says) and returns that purpose; nil for a wrong, expired or unknown code. A guess is
    /// compared with one code only, so two live codes are no faster to guess than one, and it
    /// counts once against the budgets whatever is live (the count tells no one whether the
    /// account exists or asked for codes). A match ends every purpose's code.
    func consumeCode(accountId: String, anyOf purposes: [CodePurpose], target: String, code: String, now: Int64, in db: Database) throws
        -> CodePurpose?
    {
        guard let first = purposes.first else { return nil }
        precondition(purposes.allSatisfy { $0.budget == first.budget }, "purposes with different budgets")
        let live = try purposes.first { try hasLiveCode(accountId: accountId, purpose: $0, now: now, in: db) } ?? first
        guard try consumeCode(accountId: accountId, purpose: live, target: target, code: code, now: now, in: db) != nil else { return nil }
        for other in purposes where other != live {
            try db.prepare("DELETE FROM verification_codes WHERE account_id = ?1 AND purpose = ?2").bind(1, accountId)
                .bind(2, other.rawValue).run()
        }
        return live
    }

    /// Whether the account has an unexpired code for `purpose` with guesses left.
    private func hasLiveCode(accountId: String, purpose: CodePurpose, now: Int64, in db: Database) throws -> Bool {
        try db.prepare("SELECT 1 FROM verification_codes WHERE account_id = ?1 AND purpose = ?2 AND expires_at > ?3 AND attempts < ?4")
            .bind(1, accountId).bind(2, purpose.rawValue).bind(3, now).bind(4, Int64(Self.codeAttemptLimit)).firstRow { _ in true } ?? false
    }

    /// Whether `code` is the live code, without consuming it (a check before a later step that
    /// consumes it).
    func peekCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws -> Bool {
        try liveCodeData(accountId: accountId, purpose: purpose, target: target, code: code, now: now, in: db) != nil
    }

    /// The stored data (JSON text) when `code` matches the live code (unexpired, under the guess
    /// limit) for this target. A wrong guess at a live code is noted, to be counted once the
    /// caller's transaction has ended.
    private func liveCodeData(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws
        -> String?
    {
        // The wrong-guess budget comes first: once it is spent, no code of the account or the
        // identifier is even compared, so asking for a fresh code after each miss gains nothing.
        try checkGuessBudget(purpose, accountId: accountId, target: target, now: now, in: db)
        guard let data = try matchingCode(accountId: accountId, purpose: purpose, target: target, code: code, now: now, in: db) else {
            // Every refused code is a miss, also when no code is live: an identifier without an
            // account, or without a live code, must spend its budget alike (no enumeration).
            pendingCodeMisses.append(CodeMiss(accountId: accountId, purpose: purpose, target: target, at: now))
            return nil
        }
        return data
    }

    /// The data (JSON text) of the live code of `purpose` when `code` is it (unexpired, under the
    /// guess limit, for this target); nothing noted or counted.
    private func matchingCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws
        -> String?
    {
        guard
            let row = try db.prepare(
                "SELECT target, code, data, expires_at, attempts FROM verification_codes WHERE account_id = ?1 AND purpose = ?2"
            )
            .bind(1, accountId).bind(2, purpose.rawValue)
            .firstRow({
                (target: $0.text(0) ?? "", code: $0.text(1) ?? "", data: $0.text(2) ?? "{}", expiresAt: $0.int(3), attempts: $0.int(4))
            }),
            row.expiresAt > now, row.attempts < Self.codeAttemptLimit,
            constantTimeEquals(Array(row.code.utf8), Array(code.utf8)) && row.target == target
        else { return nil }
        return row.data
    }

    /// 429 when the account's or the identifier's wrong-guess budget for `purpose` is spent.
    func checkGuessBudget(_ purpose: CodePurpose, accountId: String?, target: String, now: Int64, in db: Database) throws {
        let limits = codeLimits
        for key in [accountId.map { CodeMiss.accountKey($0, purpose) }, CodeMiss.targetKey(target, purpose)].compactMap({ $0 }) {
            // (A holder-only purpose has no identifier-wide key: its account's is the budget.)
            if let wait = try codeLimitWait(
                .miss, key: key, limit: limits.wrongCodesPerAccount, window: limits.wrongCodeWindow, now: now, in: db)
            {
                throw StoreError.tooManyWrongCodes(retryAfter: wait)
            }
        }
    }

    /// A code presented for an identifier no account has, inside the caller's transaction:
    /// checked against the identifier's budget and noted as a miss exactly as for a known one
    /// (counted once the transaction ends, though the refusal rolls it back), then refused.
    func refuseCode(_ purpose: CodePurpose, forUnknownIdentifier target: String, now: Int64, in db: Database) throws -> Never {
        try checkGuessBudget(purpose, accountId: nil, target: target, now: now, in: db)
        pendingCodeMisses.append(CodeMiss(accountId: nil, purpose: purpose, target: target, at: now))
        throw StoreError.wrongCode
    }

    /// Counts the noted wrong guesses and deletes the codes that reached the limit, in a
    /// transaction of its own after the caller's. Called with the connection's lock held and no
    /// transaction open; a failure is thrown to the caller (its request fails), so no wrong guess
    /// goes uncounted silently.
    func countCodeMisses(in db: Database) throws {
        let misses = pendingCodeMisses
        pendingCodeMisses.removeAll()
        try db.writeTransaction {
            for miss in misses {
                if let accountId = miss.accountId {
                    try db.prepare("UPDATE verification_codes SET attempts = attempts + 1 WHERE account_id = ?1 AND purpose = ?2")
                        .bind(1, accountId).bind(2, miss.purpose.rawValue).run()
                    try recordCodeEvent(.miss, key: CodeMiss.accountKey(accountId, miss.purpose), at: miss.at, in: db)
                }
                if let key = CodeMiss.targetKey(miss.target, miss.purpose) { try recordCodeEvent(.miss, key: key, at: miss.at, in: db) }
            }
            try db.prepare("DELETE FROM verification_codes WHERE attempts >= ?1").bind(1, Int64(Self.codeAttemptLimit)).run()
        }
    }
}

/// A wrong code noted during a call, counted after it: against the account's code for the
/// purpose and the account's budget (when an account was named) and the identifier's budget.
struct CodeMiss: Sendable {
    var accountId: String?
    var purpose: IdentityStore.CodePurpose
    var target: String
    var at: Int64

    static func accountKey(_ accountId: String, _ purpose: IdentityStore.CodePurpose) -> String {
        "account:" + purpose.budget + accountId
    }
    static func targetKey(_ target: String, _ purpose: IdentityStore.CodePurpose) -> String? {
        purpose.isHolderOnly ? nil : "target:" + target
    }
}
