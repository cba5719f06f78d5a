import SQLite

/// Session devices (SDK 11.0's `listSessionDevices` / `deleteSessionDevice`): the account's
/// refresh-token families (`RT`) and SSO sessions (`ST`), each with the device that opened it
/// and the last one that used it; ending one revokes that family (its access tokens with it) or
/// ends that SSO session. Off in the configuration (`session_devices: false`): both refused with
/// `error.feature.notAvailable`. One store transaction each.
struct SessionDevices: Sendable {
    let core: ServiceCore
    let sessions: Sessions

    func list(session bearer: Sessions.Bearer) async throws -> [IdentityStore.SessionDeviceRow] {
        try requireEnabled()
        let core = self.core
        return try await core.store.reading { db in
            let auth = try sessions.authenticate(bearer, in: db)
            return try core.store.sessionDevices(accountId: auth.account.id, now: core.now, in: db)
        }
    }

    /// Ends the session device `id` of the bearer's account; 404 when it has none by that id
    /// (another account's included).
    func end(id: String, session bearer: Sessions.Bearer) async throws {
        try requireEnabled()
        let core = self.core
        let lifetimes = core.configuration.lifetimes
        try await core.store.transaction { db in
            let auth = try sessions.authenticate(bearer, in: db)
            guard
                try core.store.endSessionDevice(
                    id: id, accountId: auth.account.id, now: core.now,
                    revokedUntil: core.now + max(lifetimes.refreshToken, lifetimes.accessToken), in: db)
            else { throw APIError.notFound("No such session device") }
        }
    }

    private func requireEnabled() throws(APIError) {
        guard core.configuration.sessionDevices else {
            throw APIError.featureDisabled("Session devices are not enabled for this account")
        }
    }
}
