import SQLite

/// The web console's reads (inside a caller's transaction): one page of accounts or messages at a time, newest first, so a
/// page costs the same with ten accounts or a hundred thousand.
extension IdentityStore {
    /// Accounts whose identifiers or profile (names included) contain `search`, case-insensitively,
    /// newest first (accounts made in the same second: the later insert first).
    func accountsPage(search: String, offset: Int, limit: Int, in db: Database) throws -> (total: Int, accounts: [Account]) {
        // instr, not LIKE: a search for "50%" or "a_b" means those characters. The profile's
        // string values, not its JSON text: there `O"Brien` is `O\"Brien` and every member name
        // ("given_name") would match.
        let filter = """
            (?1 = '' OR instr(lower(coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(custom_identifier, '')
                || ' ' || id || ' ' || coalesce((SELECT group_concat(value, ' ') FROM json_tree(accounts.profile) WHERE type = 'text'), '')),
                lower(?1)) > 0)
            """
        let total = try db.prepare("SELECT count(*) FROM accounts WHERE \(filter)").bind(1, search).firstRow { Int($0.int(0)) } ?? 0
        let s = try db.prepare(
            "SELECT \(Self.accountColumns) FROM accounts WHERE \(filter) ORDER BY created_at DESC, rowid DESC LIMIT ?2 OFFSET ?3"
        )
        .bind(1, search).bind(2, Int64(limit)).bind(3, Int64(offset))
        var out: [Account] = []
        while try s.step() { out.append(try Self.account(from: s)) }
        return (total, out)
    }

    /// How many passkeys each of `accountIds` has.
    func passkeyCounts(accountIds: [String], in db: Database) throws -> [String: Int] {
        guard !accountIds.isEmpty else { return [:] }
        let s = try db.prepare(
            "SELECT account_id, count(*) FROM credentials WHERE account_id IN (SELECT value FROM json_each(?1)) GROUP BY account_id"
        )
        .bind(1, "[" + accountIds.map { "\"\($0)\"" }.joined(separator: ",") + "]")
        var out: [String: Int] = [:]
        while try s.step() { out[s.text(0) ?? ""] = Int(s.int(1)) }
        return out
    }

    /// How many accounts each provider (Sign in with Apple, the emulated ones) is linked to.
    func linkedAccountCounts(in db: Database) throws -> [String: Int] {
        let s = try db.prepare("SELECT provider, count(DISTINCT account_id) FROM identities GROUP BY provider")
        var out: [String: Int] = [:]
        while try s.step() { out[s.text(0) ?? ""] = Int(s.int(1)) }
        return out
    }

    /// Deletes one account and everything that hangs off it (the schema cascades); false when
    /// there was none.
    func deleteAccount(id: String, in db: Database) throws -> Bool {
        try db.prepare("DELETE FROM accounts WHERE id = ?1").bind(1, id).run()
        return db.changes > 0
    }

    /// One page of the outbox, newest first.
    func outboxPage(offset: Int, limit: Int, in db: Database) throws -> (total: Int, messages: [OutboxMessage]) {
        let total = try db.prepare("SELECT count(*) FROM outbox").firstRow { Int($0.int(0)) } ?? 0
        let s = try db.prepare("SELECT \(Self.outboxColumns) FROM outbox ORDER BY id DESC LIMIT ?1 OFFSET ?2")
            .bind(1, Int64(limit)).bind(2, Int64(offset))
        var out: [OutboxMessage] = []
        while try s.step() { out.append(Self.outboxMessage(from: s)) }
        return (total, out)
    }
}
