import SQLite

/// The account's session devices (`GET /identity/v1/session-devices`, the SDK's
/// `SessionDevice`): one row per refresh-token family (`RT`) and per SSO session (`ST`), named by
/// the family's or the session's id, with the device that opened it and the last one that used
/// it. A row lives while its family or session does: listing reads only the live ones, ending
/// one ends its family or session, and the sweeper drops expired rows.
extension IdentityStore {
    enum SessionDeviceKind: String, Sendable {
        /// A refresh-token family: an app's login with `offline_access`.
        case refreshToken = "RT"
        /// An SSO session of the hosted login page (`r5_sso`).
        case ssoSession = "ST"
    }

    struct SessionDeviceRow: Sendable, Equatable {
        var id: String
        var kind: SessionDeviceKind
        var accountId: String
        var device: ClientDevice
        var createdAt: Int64
        var lastConnection: Int64
        var expiresAt: Int64
    }

    private static let sessionDeviceColumns = "id, kind, account_id, ip, user_agent, created_at, last_connection, expires_at"

    private static func sessionDevice(from s: Statement) -> SessionDeviceRow {
        SessionDeviceRow(
            id: s.text(0) ?? "", kind: SessionDeviceKind(rawValue: s.text(1) ?? "") ?? .refreshToken, accountId: s.text(2) ?? "",
            device: ClientDevice(ip: s.text(3), userAgent: s.text(4)), createdAt: s.int(5), lastConnection: s.int(6),
            expiresAt: s.int(7))
    }

    /// Records a use of the family or session `id`: a new row the first time, else the device
    /// and time of this connection and the new expiry.
    func touchSessionDevice(
        id: String, kind: SessionDeviceKind, accountId: String, device: ClientDevice, now: Int64, expiresAt: Int64, in db: Database
    ) throws {
        let s = try db.prepare(
            """
            INSERT INTO session_devices(\(Self.sessionDeviceColumns)) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7)
            ON CONFLICT(id) DO UPDATE SET ip = excluded.ip, user_agent = excluded.user_agent,
                last_connection = excluded.last_connection, expires_at = MAX(expires_at, excluded.expires_at)
            """
        ).bind(1, id).bind(2, kind.rawValue).bind(3, accountId).bind(4, device.ip)
        try Self.bindOptional(s, 5, device.userAgent)
        try s.bind(6, now).bind(7, expiresAt).run()
    }

    /// The account's live session devices, most recently used first: families with an active,
    /// unexpired refresh token, and unexpired SSO sessions.
    func sessionDevices(accountId: String, now: Int64, in db: Database) throws -> [SessionDeviceRow] {
        let s = try db.prepare(
            """
            SELECT \(Self.sessionDeviceColumns) FROM session_devices d
            WHERE account_id = ?1 AND expires_at > ?2 AND (
                (kind = 'RT' AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family = d.id AND r.state = 'active' AND r.expires_at > ?2))
                OR (kind = 'ST' AND EXISTS (SELECT 1 FROM web_sessions w WHERE w.id = d.id AND w.expires_at > ?2)))
            ORDER BY last_connection DESC, id
            """
        ).bind(1, accountId).bind(2, now)
        var out: [SessionDeviceRow] = []
        while try s.step() { out.append(Self.sessionDevice(from: s)) }
        return out
    }

    /// Ends the account's session device `id` (its refresh family revoked, or its SSO session
    /// deleted) and forgets it; false when the account has no such live device.
    func endSessionDevice(id: String, accountId: String, now: Int64, revokedUntil: Int64, in db: Database) throws -> Bool {
        guard let row = try sessionDevices(accountId: accountId, now: now, in: db).first(where: { $0.id == id }) else { return false }
        switch row.kind {
        case .refreshToken: try revokeFamily(id, until: revokedUntil, in: db)
        // (The device was found among this account's, so the session is the account's.)
        case .ssoSession: _ = try deleteWebSession(id: id, in: db)
        }
        try db.prepare("DELETE FROM session_devices WHERE id = ?1").bind(1, id).run()
        return true
    }
}
