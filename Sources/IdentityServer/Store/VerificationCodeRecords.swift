import Encoding
import Foundation
import LatchkeyCrypto
import SQLite

/// Codes sent by email or SMS: one live code per account and purpose; a new one replaces the
/// old. A code is checked in constant time and deleted once used.
extension IdentityStore {
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
                expires_at = excluded.expires_at
            """).bind(1, accountId).bind(2, purpose.rawValue).bind(3, target).bind(4, code).bind(5, JSONText.serialize(data))
            .bind(6, expiresAt).run()
    }

    /// The stored data when `code` is the live code for this account, purpose and target; the
    /// code is then consumed. Nil for a wrong, expired or unknown code.
    func consumeCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws -> JSONValue? {
        guard let row = try db.prepare("SELECT target, code, data, expires_at FROM verification_codes WHERE account_id = ?1 AND purpose = ?2")
            .bind(1, accountId).bind(2, purpose.rawValue).firstRow({ ($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2) ?? "{}", $0.int(3)) })
        else { return nil }
        let matches = constantTimeEquals(Array(row.1.utf8), Array(code.utf8)) && row.0 == target && row.3 > now
        guard matches else { return nil }
        try db.prepare("DELETE FROM verification_codes WHERE account_id = ?1 AND purpose = ?2").bind(1, accountId).bind(2, purpose.rawValue).run()
        return try StrictJSON.parse(Array(row.2.utf8), maxDepth: 64)
    }
}

extension IdentityStore {
    /// Whether `code` is the live code, without consuming it (a check before a later step that
    /// consumes it).
    func peekCode(accountId: String, purpose: CodePurpose, target: String, code: String, now: Int64, in db: Database) throws -> Bool {
        guard let row = try db.prepare("SELECT target, code, expires_at FROM verification_codes WHERE account_id = ?1 AND purpose = ?2")
            .bind(1, accountId).bind(2, purpose.rawValue).firstRow({ ($0.text(0) ?? "", $0.text(1) ?? "", $0.int(2)) })
        else { return false }
        return constantTimeEquals(Array(row.1.utf8), Array(code.utf8)) && row.0 == target && row.2 > now
    }
}
