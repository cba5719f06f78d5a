import Foundation
import HTTPServing
import SQLite

/// What `/emulator/v1` does to the server's state: the outbox (with its long-poll), seeded and
/// listed accounts, an account's MFA state, reset, snapshots. Each method is one transaction on
/// the store's executor (or, for snapshot files, on an executor of its own), so no handler
/// blocks an event loop.
struct EmulatorControl: Sendable {
    let core: ServiceCore
    let passwords: PasswordHasher
    let snapshots: SnapshotFolder
    let mfa: Mfa
    /// Raised when the server begins to stop: an open long-poll then answers at once.
    let stopping: StopNotice
    /// The outbox long-polls waiting now (``ServerEnvironment/openOutboxPolls``).
    let openPolls = OpenLongPolls()

    /// Snapshot files are copied with the store's lock held: a blocking thread of their own,
    /// never a Swift-concurrency or NIO one.
    private static let files = BlockingExecutor(label: "latchkey.emulator-snapshots", width: .serial)

    func clearOutbox() async throws { try await core.store.transaction { db in try core.store.clearOutbox(in: db) } }

    /// Every account (oldest first) with its passkeys, read in one transaction.
    func accounts() async throws -> [(account: Account, passkeys: [IdentityStore.Passkey])] {
        try await core.store.reading { db in
            try core.store.allAccounts(in: db).map { account in (account, try core.store.passkeys(accountId: account.id, in: db)) }
        }
    }

    /// The account's live session devices; 404 for an unknown account.
    func sessionDevices(accountId: String) async throws -> [IdentityStore.SessionDeviceRow] {
        let core = self.core
        return try await core.store.reading { db in
            guard try core.store.account(id: accountId, in: db) != nil else { throw APIError.notFound("No such account") }
            return try core.store.sessionDevices(accountId: accountId, now: core.now, in: db)
        }
    }

    /// The account's MFA state (factors, trusted devices, step-ups in progress); 404 when there
    /// is no account with this id.
    func mfaState(accountId: String) async throws -> Mfa.AccountState {
        guard let state = try await mfa.state(accountId: accountId) else { throw APIError.notFound("No account with this id") }
        return state
    }

    /// Deletes every account and everything hanging off it (sessions, codes, outbox).
    func clearAll() async throws { try await core.store.transaction { db in try core.store.clearAll(in: db) } }

    /// A seeded account: the profile as signup checks it, the password hashed off the event loop,
    /// the verified flags as given.
    func createAccount(_ request: SeedAccountRequest) async throws -> Account {
        var draft = try request.profile.draft(core: core)
        if let password = request.password {
            draft.passwordHash = try await passwords.hash(password, random: core.secrets.random)
        }
        draft.emailVerified = request.emailVerified ?? false
        draft.phoneNumberVerified = request.phoneNumberVerified ?? false
        let seeded = draft
        return try await core.store.transaction { db in try AccountCreation.insert(seeded, core: core, in: db) }
    }

    /// The outbox's messages that match `query`; with a wait, polls until one matches, the wait
    /// runs out, or the server begins to shut down.
    func outbox(_ query: OutboxQuery) async throws -> [IdentityStore.OutboxMessage] {
        let deadline = ContinuousClock.now + .milliseconds(Int(query.wait * 1000))
        func matching() async throws -> [IdentityStore.OutboxMessage] {
            try await core.store.reading { db in
                try core.store.outbox(
                    recipient: query.to, channel: query.channel?.rawValue, sinceMilliseconds: query.sinceMilliseconds,
                    afterId: query.afterId, in: db)
            }
        }
        let messages = try await matching()
        guard messages.isEmpty, ContinuousClock.now < deadline else { return messages }
        return try await openPolls.waiting {
            var messages = messages
            // A shutdown ends the wait at once: the server would otherwise hold SIGTERM for as
            // long as the longest open long-poll (up to 60 s).
            while messages.isEmpty && ContinuousClock.now < deadline && !stopping.isRaised {
                try await Task.sleep(for: .milliseconds(50))
                messages = try await matching()
            }
            return messages
        }
    }

    /// Copies the whole state into a new snapshot; its id.
    func snapshot() async throws -> String {
        let id = core.secrets.hexId()
        try await Self.files.run { try core.store.backup(to: try snapshots.path(id)) }
        return id
    }

    /// Replaces the whole state with snapshot `id`; 404 when there is none by that name.
    func restore(_ id: String) async throws {
        try await Self.files.run {
            guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
                FileManager.default.fileExists(atPath: try snapshots.path(id))
            else {
                throw APIError.notFound("No snapshot with this id")
            }
            try core.store.restore(from: try snapshots.path(id))
        }
    }
}
