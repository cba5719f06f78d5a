import Foundation
import SQLite

/// Registered WebAuthn credentials, with what each verification must compare against.
extension IdentityStore {
    struct Passkey: Sendable, Equatable {
        var id: [UInt8]
        var accountId: String
        var publicKey: [UInt8]
        var signCount: UInt32
        var backupEligible: Bool
        var backupState: Bool
        var aaguid: String
        var friendlyName: String
        var createdAt: Int64
        var lastUsedAt: Int64?
    }

    static let passkeyColumns =
        "id, account_id, public_key, sign_count, backup_eligible, backup_state, aaguid, friendly_name, created_at, last_used_at"

    static func passkey(from s: Statement) -> Passkey {
        Passkey(
            id: s.blob(0) ?? [], accountId: s.text(1) ?? "", publicKey: s.blob(2) ?? [], signCount: UInt32(truncatingIfNeeded: s.int(3)),
            backupEligible: s.int(4) != 0, backupState: s.int(5) != 0, aaguid: s.text(6) ?? "", friendlyName: s.text(7) ?? "",
            createdAt: s.int(8), lastUsedAt: s.isNull(9) ? nil : s.int(9))
    }

    /// Adds a credential; an id that is already registered (to anyone) is refused, as WebAuthn
    /// §7.1 step 26 requires.
    func insertPasskey(_ p: Passkey, in db: Database) throws {
        if try db.prepare("SELECT 1 FROM credentials WHERE id = ?1").bind(1, p.id).firstRow({ _ in true }) == true {
            throw StoreError.credentialAlreadyRegistered
        }
        try db.prepare("INSERT INTO credentials(\(Self.passkeyColumns)) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL)")
            .bind(1, p.id).bind(2, p.accountId).bind(3, p.publicKey).bind(4, Int64(p.signCount)).bind(5, p.backupEligible ? 1 : 0)
            .bind(6, p.backupState ? 1 : 0).bind(7, p.aaguid).bind(8, p.friendlyName).bind(9, p.createdAt).run()
    }

    func passkey(id: [UInt8], in db: Database) throws -> Passkey? {
        try db.prepare("SELECT \(Self.passkeyColumns) FROM credentials WHERE id = ?1").bind(1, id).firstRow(Self.passkey)
    }

    func passkeys(accountId: String, in db: Database) throws -> [Passkey] {
        let s = try db.prepare("SELECT \(Self.passkeyColumns) FROM credentials WHERE account_id = ?1 ORDER BY created_at, id").bind(
            1, accountId)
        var out: [Passkey] = []
        while try s.step() { out.append(Self.passkey(from: s)) }
        return out
    }

    func passkeys(accountId: String) throws -> [Passkey] { try read { try passkeys(accountId: accountId, in: $0) } }

    /// Records a verified assertion. The counter only moves forward (or stays 0 for an
    /// authenticator without one), checked in the update itself: of two assertions verified at
    /// once against the same stored count, the one that arrives second is refused. False when
    /// nothing was updated (that race, or the credential deleted meanwhile).
    func recordUse(of id: [UInt8], signCount: UInt32, backupState: Bool, at now: Int64, in db: Database) throws -> Bool {
        try db.prepare(
            """
            UPDATE credentials SET sign_count = ?2, backup_state = ?3, last_used_at = ?4
            WHERE id = ?1 AND (sign_count < ?2 OR (?2 = 0 AND sign_count = 0))
            """
        ).bind(1, id).bind(2, Int64(signCount)).bind(3, backupState ? 1 : 0).bind(4, now).run()
        return db.changes > 0
    }

    /// Deletes one of the account's credentials; false when it has none with that id.
    func deletePasskey(id: [UInt8], accountId: String) throws -> Bool {
        try write { db in try deletePasskey(id: id, accountId: accountId, in: db) }
    }

    func deletePasskey(id: [UInt8], accountId: String, in db: Database) throws -> Bool {
        try db.prepare("DELETE FROM credentials WHERE id = ?1 AND account_id = ?2").bind(1, id).bind(2, accountId).run()
        return db.changes > 0
    }

    func deletePasskeys(accountId: String, in db: Database) throws {
        try db.prepare("DELETE FROM credentials WHERE account_id = ?1").bind(1, accountId).run()
    }
}
