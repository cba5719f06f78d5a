import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

/// MFA's records: an account's second factors (`mfa_credentials`), the devices it trusts
/// (`mfa_trusted_devices`), and step-ups in progress (`mfa_step_ups`).
extension IdentityStore {
    /// A second factor: the account's email (`email`) or a phone number (`sms`).
    struct MfaCredential: Sendable, Equatable {
        var type: MfaFactor
        var target: String
        var createdAt: Int64
    }

    func mfaCredentials(accountId: String, in db: Database) throws -> [MfaCredential] {
        let s = try db.prepare(
            "SELECT type, target, created_at FROM mfa_credentials WHERE account_id = ?1 ORDER BY created_at, type, target"
        )
        .bind(1, accountId)
        var out: [MfaCredential] = []
        while try s.step() {
            guard let type = MfaFactor(rawValue: s.text(0) ?? "") else { continue }
            out.append(MfaCredential(type: type, target: s.text(1) ?? "", createdAt: s.int(2)))
        }
        return out
    }

    func insertMfaCredential(accountId: String, _ credential: MfaCredential, in db: Database) throws {
        try db.prepare("INSERT OR IGNORE INTO mfa_credentials(account_id, type, target, created_at) VALUES(?1, ?2, ?3, ?4)")
            .bind(1, accountId).bind(2, credential.type.rawValue).bind(3, credential.target).bind(4, credential.createdAt).run()
    }

    /// Deletes the account's factors of `type` (with `target`, only that one); how many went.
    func deleteMfaCredentials(accountId: String, type: MfaFactor, target: String?, in db: Database) throws -> Int {
        if let target {
            try db.prepare("DELETE FROM mfa_credentials WHERE account_id = ?1 AND type = ?2 AND target = ?3")
                .bind(1, accountId).bind(2, type.rawValue).bind(3, target).run()
        } else {
            try db.prepare("DELETE FROM mfa_credentials WHERE account_id = ?1 AND type = ?2").bind(1, accountId).bind(2, type.rawValue)
                .run()
        }
        return db.changes
    }

    /// Deletes the account's factors whose target is `target` (an identifier leaving the account).
    func deleteMfaCredentials(target: String, accountId: String, in db: Database) throws {
        try db.prepare("DELETE FROM mfa_credentials WHERE account_id = ?1 AND target = ?2").bind(1, accountId).bind(2, target).run()
    }

    /// Ends every second factor, trusted device and step-up of the account (a pre-registrant's,
    /// when the owner proves the address: IdentifierProof); with `keepingFactorsOn`, the factors
    /// on that identifier stay (the one the owner's reset came through).
    func deleteMfaState(accountId: String, keepingFactorsOn kept: String? = nil, in db: Database) throws {
        for table in ["mfa_trusted_devices", "mfa_step_ups"] {
            try db.prepare("DELETE FROM \(table) WHERE account_id = ?1").bind(1, accountId).run()
        }
        let s = try db.prepare("DELETE FROM mfa_credentials WHERE account_id = ?1 AND (?2 IS NULL OR target <> ?2)").bind(1, accountId)
        try Self.bindOptional(s, 2, kept)
        try s.run()
    }

    /// The account, email and redirect of the emailed registration link `token` names.
    func mfaEmailLink(token: String, in db: Database) throws -> (accountId: String, target: String, redirectURL: String?)? {
        try db.prepare(
            """
            SELECT account_id, target, json_extract(data, '$.redirect_url') FROM verification_codes
            WHERE purpose = ?1 AND json_extract(data, '$.t') = ?2
            """
        ).bind(1, CodePurpose.mfaEmailRegistration.rawValue).bind(2, token).firstRow { ($0.text(0) ?? "", $0.text(1) ?? "", $0.text(2)) }
    }

    /// The target of the account's live code for `purpose` (a registration's pending factor).
    func pendingCodeTarget(accountId: String, purpose: CodePurpose, in db: Database) throws -> String? {
        try db.prepare("SELECT target FROM verification_codes WHERE account_id = ?1 AND purpose = ?2").bind(1, accountId)
            .bind(2, purpose.rawValue).firstRow { $0.text(0) }.flatMap { $0 }
    }

    /// A device the account trusts until `expiresAt`. `id` is an opaque name the account's own
    /// routes and the console list; the device presents a different secret (the
    /// `r5_trusted_device` cookie), of which only the SHA-256 is stored: neither a list nor a
    /// copy of the database gives a cookie that skips the step-up.
    struct TrustedDeviceRecord: Sendable, Equatable {
        var id: String
        var accountId: String
        var createdAt: Int64
        var expiresAt: Int64
        var metadata: JSONValue
    }

    static func cookieHash(_ cookie: String) -> String { S256.of(cookie) }

    func insertTrustedDevice(_ device: TrustedDeviceRecord, cookie: String, in db: Database) throws {
        try db.prepare(
            """
            INSERT INTO mfa_trusted_devices(id, account_id, secret_hash, created_at, expires_at, metadata)
            VALUES(?1, ?2, ?3, ?4, ?5, ?6)
            """
        )
        .bind(1, device.id).bind(2, device.accountId).bind(3, Self.cookieHash(cookie)).bind(4, device.createdAt)
        .bind(5, device.expiresAt).bind(6, JSONText.serialize(device.metadata)).run()
    }

    /// The account's unexpired trusted devices.
    func trustedDevices(accountId: String, now: Int64, in db: Database) throws -> [TrustedDeviceRecord] {
        let s = try db.prepare(
            "SELECT id, created_at, expires_at, metadata FROM mfa_trusted_devices WHERE account_id = ?1 AND expires_at > ?2 ORDER BY created_at, id"
        ).bind(1, accountId).bind(2, now)
        var out: [TrustedDeviceRecord] = []
        while try s.step() {
            let metadata = try StrictJSON.parse(Array((s.text(3) ?? "{}").utf8), maxDepth: 8)
            out.append(
                TrustedDeviceRecord(id: s.text(0) ?? "", accountId: accountId, createdAt: s.int(1), expiresAt: s.int(2), metadata: metadata)
            )
        }
        return out
    }

    /// The id of the account's unexpired trusted device whose cookie is `cookie`, if any (looked
    /// up by the cookie's hash, so no secret is compared).
    func trustedDevice(cookie: String, accountId: String, now: Int64, in db: Database) throws -> String? {
        try db.prepare("SELECT id FROM mfa_trusted_devices WHERE secret_hash = ?1 AND account_id = ?2 AND expires_at > ?3")
            .bind(1, Self.cookieHash(cookie)).bind(2, accountId).bind(3, now).firstRow { $0.text(0) }.flatMap { $0 }
    }

    func deleteTrustedDevice(id: String, accountId: String, in db: Database) throws -> Bool {
        try db.prepare("DELETE FROM mfa_trusted_devices WHERE id = ?1 AND account_id = ?2").bind(1, id).bind(2, accountId).run()
        return db.changes > 0
    }

    /// A step-up in progress: a login waiting for its second factor (`login`, its token given as
    /// the login's `tkn`), or a started step-up (`started`: PKCE, redirect and scope for the
    /// authorization code, and once a code was sent, its challenge and factor).
    struct StepUpRecord: Sendable {
        enum Stage: String, Sendable { case login, started }
        var token: String
        var accountId: String
        var stage: Stage
        var challengeId: String?
        var state: StepUpState
        var expiresAt: Int64
    }

    func insertStepUp(_ r: StepUpRecord, in db: Database) throws {
        let s = try db.prepare(
            "INSERT INTO mfa_step_ups(token, account_id, stage, challenge_id, data, expires_at) VALUES(?1, ?2, ?3, ?4, ?5, ?6)")
        _ = try s.bind(1, r.token).bind(2, r.accountId).bind(3, r.stage.rawValue)
        try Self.bindOptional(s, 4, r.challengeId)
        try s.bind(5, try r.state.encoded()).bind(6, r.expiresAt).run()
    }

    /// The unexpired step-up with this token (or, with `challengeId:`, this challenge).
    func stepUp(token: String? = nil, challengeId: String? = nil, now: Int64, in db: Database) throws -> StepUpRecord? {
        let (column, value) = token.map { ("token", $0) } ?? ("challenge_id", challengeId ?? "")
        return try db.prepare(
            "SELECT token, account_id, stage, challenge_id, data, expires_at FROM mfa_step_ups WHERE \(column) = ?1 AND expires_at > ?2"
        ).bind(1, value).bind(2, now).firstRow { s -> StepUpRecord? in
            guard let stage = StepUpRecord.Stage(rawValue: s.text(2) ?? ""), let state = StepUpState(decoding: s.text(4) ?? "") else {
                return nil
            }
            return StepUpRecord(
                token: s.text(0) ?? "", accountId: s.text(1) ?? "", stage: stage, challengeId: s.text(3), state: state,
                expiresAt: s.int(5))
        }.flatMap { $0 }
    }

    func deleteStepUp(token: String, in db: Database) throws {
        try db.prepare("DELETE FROM mfa_step_ups WHERE token = ?1").bind(1, token).run()
    }

    /// How many of the account's step-ups are still in progress (unexpired).
    func stepUpCount(accountId: String, now: Int64, in db: Database) throws -> Int {
        try db.prepare("SELECT count(*) FROM mfa_step_ups WHERE account_id = ?1 AND expires_at > ?2").bind(1, accountId).bind(2, now)
            .firstRow { Int($0.int(0)) } ?? 0
    }
}

/// A kind of second factor, as the API names it (`auth_type`, a credential's `type`, `amr`).
enum MfaFactor: String, Sendable, Codable, CaseIterable {
    case email, sms
}
