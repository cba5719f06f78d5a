import Encoding
import Foundation
import SQLite

/// Reading and writing `accounts` rows.
extension IdentityStore {
    /// The columns `save` writes.
    static let writableColumns = """
        id, email, phone_number, custom_identifier, password_hash, email_verified, phone_number_verified, webauthn_user_id,
        profile, created_at, updated_at, first_login, last_login, logins_count, last_login_type
        """
    /// The columns `account(from:)` reads: the writable ones, then the session generation, which
    /// only `revokeSessions` changes (a saved copy can never put an older one back).
    static let accountColumns = writableColumns + ", session_generation"

    static func account(from s: Statement) throws -> Account {
        let profileText = s.text(8) ?? "{}"
        guard case .object(let profile) = try StrictJSON.parse(Array(profileText.utf8), maxDepth: 64) else {
            throw SQLiteError(code: 11, message: "a stored profile is not a JSON object")
        }
        return Account(
            id: s.text(0) ?? "", email: s.text(1), phoneNumber: s.text(2), customIdentifier: s.text(3),
            passwordHash: s.text(4), emailVerified: s.int(5) != 0, phoneNumberVerified: s.int(6) != 0,
            webauthnUserId: s.blob(7) ?? [], profile: profile, createdAt: s.int(9), updatedAt: s.int(10),
            firstLogin: s.isNull(11) ? nil : s.int(11), lastLogin: s.isNull(12) ? nil : s.int(12),
            loginsCount: s.int(13), lastLoginType: s.text(14), sessionGeneration: s.int(15))
    }

    static func bindOptional(_ s: Statement, _ index: Int32, _ value: String?) throws {
        if let value { _ = try s.bind(index, value) } else { _ = try s.bind(index, nil as [UInt8]?) }
    }

    static func bindOptional(_ s: Statement, _ index: Int32, _ value: Int64?) throws {
        if let value { _ = try s.bind(index, value) } else { _ = try s.bind(index, nil as [UInt8]?) }
    }

    func account(id: String, in db: Database) throws -> Account? {
        try db.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE id = ?1").bind(1, id).firstRow(Self.account)
    }

    func account(id: String) throws -> Account? { try read { try account(id: id, in: $0) } }

    /// The account a login identifier names (`email`, `phone_number` or `custom_identifier`,
    /// already normalized).
    func account(where column: IdentifierColumn, equals value: String, in db: Database) throws -> Account? {
        try db.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE \(column.rawValue) = ?1").bind(1, value).firstRow(Self.account)
    }

    func account(where column: IdentifierColumn, equals value: String) throws -> Account? {
        try read { try account(where: column, equals: value, in: $0) }
    }

    func account(webauthnUserId: [UInt8], in db: Database) throws -> Account? {
        try db.prepare("SELECT \(Self.accountColumns) FROM accounts WHERE webauthn_user_id = ?1").bind(1, webauthnUserId).firstRow(
            Self.account)
    }

    enum IdentifierColumn: String, Sendable {
        case email
        case phoneNumber = "phone_number"
        case customIdentifier = "custom_identifier"
    }

    /// Re-reads the account inside the caller's write transaction, applies `change` and saves
    /// it. A change applied to a copy read before the request body arrived would write back
    /// every column of that copy, undoing whatever committed in between (a password reset).
    @discardableResult
    func updateAccount(id: String, in db: Database, _ change: (inout Account) throws -> Void) throws -> Account {
        guard var account = try account(id: id, in: db) else { throw StoreError.accountGone }
        try change(&account)
        try save(account, in: db)
        return account
    }

    /// Marks the receipt's identifier verified: the only write that sets `email_verified` or
    /// `phone_number_verified` on an existing account, and only ``IdentifierProof`` can make a
    /// receipt (after its ownership rule has run).
    func markVerified(_ receipt: IdentifierProof.Receipt, in db: Database) throws {
        let column = receipt.identifier == .email ? "email_verified" : "phone_number_verified"
        try db.prepare("UPDATE accounts SET \(column) = 1, updated_at = ?2 WHERE id = ?1").bind(1, receipt.accountId)
            .bind(2, receipt.at).run()
    }

    /// Inserts or replaces the whole row. A unique-constraint clash comes back as the
    /// identifier that is taken. On an existing row a verified flag can only be cleared here
    /// (an identifier replaced); setting one goes through ``markVerified(_:in:)``. A new row
    /// keeps the flags it is created with (no one held it before).
    func save(_ a: Account, in db: Database) throws {
        let s = try db.prepare(
            """
            INSERT INTO accounts(\(Self.writableColumns)) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
            ON CONFLICT(id) DO UPDATE SET email = excluded.email, phone_number = excluded.phone_number,
                custom_identifier = excluded.custom_identifier, password_hash = excluded.password_hash,
                email_verified = email_verified AND excluded.email_verified,
                phone_number_verified = phone_number_verified AND excluded.phone_number_verified,
                profile = excluded.profile, updated_at = excluded.updated_at, first_login = excluded.first_login,
                last_login = excluded.last_login, logins_count = excluded.logins_count, last_login_type = excluded.last_login_type
            """)
        _ = try s.bind(1, a.id)
        try Self.bindOptional(s, 2, a.email)
        try Self.bindOptional(s, 3, a.phoneNumber)
        try Self.bindOptional(s, 4, a.customIdentifier)
        try Self.bindOptional(s, 5, a.passwordHash)
        _ = try s.bind(6, a.emailVerified ? 1 : 0).bind(7, a.phoneNumberVerified ? 1 : 0).bind(8, a.webauthnUserId)
        _ = try s.bind(9, JSONText.serialize(.object(a.profile))).bind(10, a.createdAt).bind(11, a.updatedAt)
        try Self.bindOptional(s, 12, a.firstLogin)
        try Self.bindOptional(s, 13, a.lastLogin)
        _ = try s.bind(14, a.loginsCount)
        try Self.bindOptional(s, 15, a.lastLoginType)
        do { try s.run() } catch {
            if let taken = Self.takenIdentifier(error) { throw taken }
            throw error
        }
    }

    /// The refusal for a unique-constraint failure on an identifier column (SQLITE_CONSTRAINT_UNIQUE).
    static func takenIdentifier(_ error: SQLiteError) -> StoreError? {
        guard error.code == 2067 else { return nil }
        if error.message.contains("accounts.email") { return .identifierTaken(.email) }
        if error.message.contains("accounts.phone_number") { return .identifierTaken(.phoneNumber) }
        if error.message.contains("accounts.custom_identifier") { return .identifierTaken(.customIdentifier) }
        return nil
    }

    func allAccounts(in db: Database) throws -> [Account] {
        let s = try db.prepare("SELECT \(Self.accountColumns) FROM accounts ORDER BY created_at, id")
        var out: [Account] = []
        while try s.step() { out.append(try Self.account(from: s)) }
        return out
    }

    /// `allAccounts(in:)` on the calling thread, for tests and tools.
    func allAccounts() throws -> [Account] { try read { db in try allAccounts(in: db) } }

    /// Records a completed login (login summary and last login type).
    func recordLogin(accountId: String, type: String, at now: Int64, in db: Database) throws {
        try db.prepare(
            """
            UPDATE accounts SET logins_count = logins_count + 1, first_login = COALESCE(first_login, ?2), last_login = ?2,
                last_login_type = ?3 WHERE id = ?1
            """
        ).bind(1, accountId).bind(2, now).bind(3, type).run()
    }

    /// Deletes every account and everything hanging off it (sessions, codes, outbox).
    func clearAll(in db: Database) throws {
        try db.execute(
            """
            DELETE FROM credentials; DELETE FROM tkns; DELETE FROM authorization_codes; DELETE FROM refresh_tokens;
            DELETE FROM revoked_families; DELETE FROM revoked_access_tokens;  DELETE FROM verification_codes;
            DELETE FROM challenges; DELETE FROM outbox; DELETE FROM identities; DELETE FROM kept_sessions; DELETE FROM web_sessions;
            DELETE FROM session_devices;
            DELETE FROM code_events; DELETE FROM accounts;
            """)
    }
}

/// Accounts linked to a social provider's subject (Sign in with Apple's `sub`).
extension IdentityStore {
    func accountId(provider: String, subject: String, in db: Database) throws -> String? {
        try db.prepare("SELECT account_id FROM identities WHERE provider = ?1 AND subject = ?2").bind(1, provider).bind(2, subject)
            .firstRow { $0.text(0) }.flatMap { $0 }
    }

    /// Ends every provider identity linked to the account (Sign in with Apple, …).
    func unlinkIdentities(accountId: String, in db: Database) throws {
        try db.prepare("DELETE FROM identities WHERE account_id = ?1").bind(1, accountId).run()
    }

    /// How the account can sign in, as the profile's `auth_types` lists it (the SDK's
    /// `Profile.authTypes`: "password", "webauthn", then each linked provider by name, sorted).
    func authTypes(of account: Account, in db: Database) throws -> [String] {
        var types: [String] = account.passwordHash == nil ? [] : ["password"]
        let hasPasskey =
            try db.prepare("SELECT 1 FROM credentials WHERE account_id = ?1 LIMIT 1").bind(1, account.id)
            .firstRow { _ in true } ?? false
        if hasPasskey { types.append("webauthn") }
        let s = try db.prepare("SELECT DISTINCT provider FROM identities WHERE account_id = ?1 ORDER BY provider").bind(1, account.id)
        defer { s.reset() }
        while try s.step() { if let provider = s.text(0) { types.append(provider) } }
        return types
    }

    func link(provider: String, subject: String, accountId: String, in db: Database) throws {
        try db.prepare("INSERT OR IGNORE INTO identities(provider, subject, account_id) VALUES(?1, ?2, ?3)")
            .bind(1, provider).bind(2, subject).bind(3, accountId).run()
    }
}
