import Foundation
import SQLite

/// An account's MFA state as the operator sees it (the web console and the emulator API), by
/// account id and without the account's session: its factors, the devices it trusts, and how
/// many step-ups are in progress; and the operator's deletes. The same rows the `/mfa/` routes
/// list and delete for the signed-in user.
extension Mfa {
    struct AccountState: Sendable, Equatable {
        var credentials: [IdentityStore.MfaCredential]
        /// Unexpired only: an expired device skips nothing.
        var trustedDevices: [IdentityStore.TrustedDeviceRecord]
        var pendingStepUps: Int

        /// Read inside the caller's transaction (a page that shows the account with it reads
        /// both at once).
        static func read(accountId: String, core: ServiceCore, in db: Database) throws -> AccountState {
            let now = core.now
            return AccountState(
                credentials: try core.store.mfaCredentials(accountId: accountId, in: db),
                trustedDevices: try core.store.trustedDevices(accountId: accountId, now: now, in: db),
                pendingStepUps: try core.store.stepUpCount(accountId: accountId, now: now, in: db))
        }
    }

    /// The account's MFA state; nil when there is no account with this id.
    func state(accountId: String) async throws -> AccountState? {
        let core = self.core
        return try await core.store.reading { db in
            guard try core.store.account(id: accountId, in: db) != nil else { return nil }
            return try AccountState.read(accountId: accountId, core: core, in: db)
        }
    }

    /// Deletes the account's `type` factor `target`; false when it has none such.
    func deleteCredential(accountId: String, type: MfaFactor, target: String) async throws -> Bool {
        let core = self.core
        return try await core.store.transaction { db in
            try core.store.deleteMfaCredentials(accountId: accountId, type: type, target: target, in: db) > 0
        }
    }

    /// Deletes one of the account's trusted devices (its next login steps up again); false when
    /// the account has no device with this id.
    func deleteTrustedDevice(id: String, accountId: String) async throws -> Bool {
        let core = self.core
        return try await core.store.transaction { db in try core.store.deleteTrustedDevice(id: id, accountId: accountId, in: db) }
    }
}
