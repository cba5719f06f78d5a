import SQLite

/// The people of the emulated social providers: one row per (provider, subject), an email
/// unique within its provider. The subject is the provider's `sub`, stable for the identity.
extension IdentityStore {
    struct ProviderIdentityRow: Sendable, Equatable {
        var provider: String
        var subject: String
        var email: String
        var emailVerified: Bool
        var name: String?
        var picture: String?
        var createdAt: Int64
    }

    private static let providerIdentityColumns = "provider, subject, email, email_verified, name, picture, created_at"

    private static func providerIdentity(from s: Statement) -> ProviderIdentityRow {
        ProviderIdentityRow(
            provider: s.text(0) ?? "", subject: s.text(1) ?? "", email: s.text(2) ?? "", emailVerified: s.int(3) != 0,
            name: s.text(4), picture: s.text(5), createdAt: s.int(6))
    }

    /// Inserts `row` unless its provider already has an identity with its email; either way the
    /// identity holding the email is returned.
    func insertProviderIdentity(_ row: ProviderIdentityRow, in db: Database) throws -> ProviderIdentityRow {
        if let existing = try providerIdentity(provider: row.provider, email: row.email, in: db) { return existing }
        let s = try db.prepare(
            "INSERT INTO provider_identities(\(Self.providerIdentityColumns)) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        _ = try s.bind(1, row.provider).bind(2, row.subject).bind(3, row.email).bind(4, row.emailVerified ? 1 : 0)
        try Self.bindOptional(s, 5, row.name)
        try Self.bindOptional(s, 6, row.picture)
        try s.bind(7, row.createdAt).run()
        return row
    }

    func providerIdentity(provider: String, email: String, in db: Database) throws -> ProviderIdentityRow? {
        try db.prepare("SELECT \(Self.providerIdentityColumns) FROM provider_identities WHERE provider = ?1 AND email = ?2")
            .bind(1, provider).bind(2, email).firstRow(Self.providerIdentity)
    }

    func providerIdentity(provider: String, subject: String, in db: Database) throws -> ProviderIdentityRow? {
        try db.prepare("SELECT \(Self.providerIdentityColumns) FROM provider_identities WHERE provider = ?1 AND subject = ?2")
            .bind(1, provider).bind(2, subject).firstRow(Self.providerIdentity)
    }

    /// A provider's identities, oldest first.
    func providerIdentities(provider: String, in db: Database) throws -> [ProviderIdentityRow] {
        let s = try db.prepare(
            "SELECT \(Self.providerIdentityColumns) FROM provider_identities WHERE provider = ?1 ORDER BY created_at, email"
        ).bind(1, provider)
        var out: [ProviderIdentityRow] = []
        while try s.step() { out.append(Self.providerIdentity(from: s)) }
        return out
    }

    /// Removes an identity; true when there was one. Accounts linked to it stay (as when a person
    /// deletes their Google account, the ReachFive account is still theirs).
    func deleteProviderIdentity(provider: String, subject: String, in db: Database) throws -> Bool {
        try db.prepare("DELETE FROM provider_identities WHERE provider = ?1 AND subject = ?2").bind(1, provider).bind(2, subject).run()
        return db.changes > 0
    }
}
