import Foundation

/// What the web console reads and changes, each one transaction on the store's executor: pages
/// read their data here and render it on the handler, forms make their change here.
struct EmulatorConsole: Sendable {
    let env: ServerEnvironment

    /// One page of accounts matching `search` (newest first), with each one's passkey count.
    struct AccountRows: Sendable {
        var total: Int
        var accounts: [Account]
        var passkeyCounts: [String: Int]
    }

    func accounts(search: String, offset: Int, limit: Int) async throws -> AccountRows {
        try await env.store.reading { db in
            let (total, accounts) = try env.store.accountsPage(search: search, offset: offset, limit: limit, in: db)
            let counts = try env.store.passkeyCounts(accountIds: accounts.map(\.id), in: db)
            return AccountRows(total: total, accounts: accounts, passkeyCounts: counts)
        }
    }

    /// What the account page shows, read at one moment.
    struct AccountDetail: Sendable {
        var account: Account
        var passkeys: [IdentityStore.Passkey]
        var mfa: Mfa.AccountState
    }

    /// The account, its passkeys and its MFA state; nil when there is none with this id.
    func account(id: String) async throws -> AccountDetail? {
        try await env.store.reading { db in
            guard let account = try env.store.account(id: id, in: db) else { return nil }
            return AccountDetail(
                account: account, passkeys: try env.store.passkeys(accountId: id, in: db),
                mfa: try Mfa.AccountState.read(accountId: id, env: env, in: db))
        }
    }

    /// One page of the outbox, newest first.
    func outbox(offset: Int, limit: Int) async throws -> (total: Int, messages: [IdentityStore.OutboxMessage]) {
        try await env.store.reading { db in try env.store.outboxPage(offset: offset, limit: limit, in: db) }
    }

    /// Deletes every account and everything hanging off it, and forgets the tokens shown.
    func reset() async throws {
        try await env.store.transaction { db in try env.store.clearAll(in: db) }
        env.recentTokens.clear()
    }

    /// False when there is no account with this id.
    func deleteAccount(id: String) async throws -> Bool {
        try await env.store.transaction { db in try env.store.deleteAccount(id: id, in: db) }
    }

    /// False when the account has no passkey with this id.
    func deletePasskey(id: [UInt8], accountId: String) async throws -> Bool {
        try await env.store.transaction { db in try env.store.deletePasskey(id: id, accountId: accountId, in: db) }
    }
}
