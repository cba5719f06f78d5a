import Foundation

/// What the web console reads and changes, each one transaction on the store's executor: pages
/// read their data here and render it on the handler, forms make their change here.
struct EmulatorConsole: Sendable {
    let core: ServiceCore
    let recentTokens: RecentTokens

    /// One page of accounts matching `search` (newest first), with each one's passkey count.
    struct AccountRows: Sendable {
        var total: Int
        var accounts: [Account]
        var passkeyCounts: [String: Int]
    }

    func accounts(search: String, offset: Int, limit: Int) async throws -> AccountRows {
        try await core.store.reading { db in
            let (total, accounts) = try core.store.accountsPage(search: search, offset: offset, limit: limit, in: db)
            let counts = try core.store.passkeyCounts(accountIds: accounts.map(\.id), in: db)
            return AccountRows(total: total, accounts: accounts, passkeyCounts: counts)
        }
    }

    /// What the account page shows, read at one moment.
    struct AccountDetail: Sendable {
        var account: Account
        var passkeys: [IdentityStore.Passkey]
        var mfa: Mfa.AccountState
        var sessionDevices: [IdentityStore.SessionDeviceRow]
    }

    /// The account, its passkeys and its MFA state; nil when there is none with this id.
    func account(id: String) async throws -> AccountDetail? {
        try await core.store.reading { db in
            guard let account = try core.store.account(id: id, in: db) else { return nil }
            return AccountDetail(
                account: account, passkeys: try core.store.passkeys(accountId: id, in: db),
                mfa: try Mfa.AccountState.read(accountId: id, core: core, in: db),
                sessionDevices: try core.store.sessionDevices(accountId: id, now: core.now, in: db))
        }
    }

    /// One page of the outbox, newest first.
    func outbox(offset: Int, limit: Int) async throws -> (total: Int, messages: [IdentityStore.OutboxMessage]) {
        try await core.store.reading { db in try core.store.outboxPage(offset: offset, limit: limit, in: db) }
    }

    /// How many accounts each social provider is linked to, by provider name.
    func linkedAccountCounts() async throws -> [String: Int] {
        try await core.store.reading { db in try core.store.linkedAccountCounts(in: db) }
    }

    /// Deletes every account and everything hanging off it, and forgets the tokens shown.
    func reset() async throws {
        try await core.store.transaction { db in try core.store.clearAll(in: db) }
        recentTokens.clear()
    }

    /// False when there is no account with this id.
    func deleteAccount(id: String) async throws -> Bool {
        try await core.store.transaction { db in try core.store.deleteAccount(id: id, in: db) }
    }

    /// The unexpired SSO sessions, newest first, with the identifier each account shows.
    func webSessions() async throws -> [(session: IdentityStore.WebSessionRow, account: String)] {
        try await core.store.reading { db in
            try core.store.webSessions(now: core.now, in: db).map { session in
                let account = try core.store.account(id: session.accountId, in: db)
                return (session, account.flatMap { $0.email ?? $0.phoneNumber ?? $0.customIdentifier } ?? session.accountId)
            }
        }
    }

    /// False when there is no session with this id.
    func endWebSession(id: String) async throws -> Bool {
        try await core.store.transaction { db in try core.store.deleteWebSession(id: id, in: db) }
    }

    /// False when the account has no passkey with this id.
    func deletePasskey(id: [UInt8], accountId: String) async throws -> Bool {
        try await core.store.transaction { db in try core.store.deletePasskey(id: id, accountId: accountId, in: db) }
    }
}
