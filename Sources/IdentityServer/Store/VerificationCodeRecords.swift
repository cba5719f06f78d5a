import Encoding
import Foundation
import LatchkeyCrypto
import SQLite

/// Codes sent by email or SMS: one live code per account and purpose; a new one replaces the
/// old. A code is checked in constant time and deleted once used, or after
/// `codeAttemptLimit` wrong guesses (a million six-digit codes are otherwise guessed in
/// minutes), after which only a new code works.
extension IdentityStore {
    static let codeAttemptLimit = 5

    enum CodePurpose: String, Sendable {
        case emailVerification = "email_verification"
        case phoneVerification = "phone_verification"
        case passwordReset = "password_reset"
        case passwordless
        case passkeyReset = "passkey_reset"
    }

    func upsertCode(accountId: String, purpose: CodePurpose, target: String, code: String, data: JSONValue = .object([:]),
                    expiresAt: Int64, in db: Database) throws {
        try db.prepare("""
            INSERT INTO verification_codes(account_id, purpose, target, code, data, expires_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6)
            ON CONFLICT(account_id, purpose) DO UPDATE SET target = excluded.target, code = excluded.code, data = excluded.data,
                expires_at = excluded.expires_at, attempts = 0
            """).bind(1, accountId).bind(2, purpose.rawValue).bind(3, target).bind(4, code).bind(5, JSONText.serialize(data))
            .bind(6, expiresAt).run()
    }

    /// The stored data when `code` is the live code for this account, purpose and target; the
    /// code is then consumed. Nil for a wrong, expired or unknown code.
    func consumeCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws -> JSONValue? {
        guard let row = try db.prepare("SELECT target, code, data, expires_at, attempts FROM verification_codes WHERE account_id = ?1 AND purpose = ?2")
            .bind(1, accountId).bind(2, purpose.rawValue).firstRow({ ($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2) ?? "{}", $0.int(3), $0.int(4)) })
        else { return nil }
        guard isLive(code: code, stored: row.1, target: target, storedTarget: row.0, expiresAt: row.3, attempts: row.4, now: now,
                     accountId: accountId, purpose: purpose) else { return nil }
        try db.prepare("DELETE FROM verification_codes WHERE account_id = ?1 AND purpose = ?2").bind(1, accountId).bind(2, purpose.rawValue).run()
        return try StrictJSON.parse(Array(row.2.utf8), maxDepth: 64)
    }
}

extension IdentityStore {
    /// Whether `code` is the live code, without consuming it (a check before a later step that
    /// consumes it).
    func peekCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws -> Bool {
        guard let row = try db.prepare("SELECT target, code, expires_at, attempts FROM verification_codes WHERE account_id = ?1 AND purpose = ?2")
            .bind(1, accountId).bind(2, purpose.rawValue).firstRow({ ($0.text(0) ?? "", $0.text(1) ?? "", $0.int(2), $0.int(3)) })
        else { return false }
        return isLive(code: code, stored: row.1, target: target, storedTarget: row.0, expiresAt: row.2, attempts: row.3, now: now,
                      accountId: accountId, purpose: purpose)
    }

    /// Whether `code` matches a stored code that is live; a wrong guess at a live code is
    /// noted, to be counted once the caller's transaction has ended.
    private func isLive(code: String, stored: String, target: String, storedTarget: String, expiresAt: Int64, attempts: Int64, now: Int64,
                        accountId: String, purpose: CodePurpose) -> Bool {
        guard expiresAt > now, attempts < Self.codeAttemptLimit else { return false }
        let matches = constantTimeEquals(Array(stored.utf8), Array(code.utf8)) && storedTarget == target
        if !matches { pendingCodeMisses.append((accountId, purpose)) }
        return matches
    }

    /// Counts the noted wrong guesses and deletes the codes that reached the limit. Called with
    /// the connection's lock held and no transaction open; a failure here only loses the count.
    func countCodeMisses(in db: Database) {
        let misses = pendingCodeMisses
        pendingCodeMisses.removeAll()
        try? db.writeTransaction {
            for miss in misses {
                try db.prepare("UPDATE verification_codes SET attempts = attempts + 1 WHERE account_id = ?1 AND purpose = ?2")
                    .bind(1, miss.accountId).bind(2, miss.purpose.rawValue).run()
            }
            try db.prepare("DELETE FROM verification_codes WHERE attempts >= ?1").bind(1, Int64(Self.codeAttemptLimit)).run()
        }
    }
}
