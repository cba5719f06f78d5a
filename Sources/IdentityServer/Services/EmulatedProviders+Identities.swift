import Encoding
import Foundation
import JOSE
import LatchkeyCrypto
import SQLite

/// The emulated providers' people: seeded from the configuration, added on a chooser page or
/// through the emulator API, listed and removed.
extension EmulatedProviders {
    /// The configured identities, made at start-up when the store lacks them.
    func seed() throws {
        try core.store.write { db in
            for provider in core.configuration.providers {
                for identity in provider.identities { _ = try insert(identity, provider: provider.name, in: db) }
            }
        }
    }

    func identities(of provider: OpenIDProvider) async throws -> [IdentityStore.ProviderIdentityRow] {
        let core = self.core
        return try await core.store.reading { db in try core.store.providerIdentities(provider: provider.name, in: db) }
    }

    /// Makes an identity (or returns the one already holding its email).
    func create(_ identity: ServerConfiguration.ProviderIdentity, at provider: OpenIDProvider) async throws
        -> IdentityStore.ProviderIdentityRow
    {
        let checked = try Self.checked(identity)
        let held = try await core.store.transaction { db in try insert(checked, provider: provider.name, in: db) }
        guard held.emailVerified == checked.emailVerified else {
            throw APIError(
                .conflict, "identity_exists",
                "\(provider.name) has \(held.email) with its email \(held.emailVerified ? "" : "not ")verified already; "
                    + "use another email for the other case", key: .invalidRequest)
        }
        return held
    }

    func delete(subject: String, at provider: OpenIDProvider) async throws {
        let core = self.core
        let gone = try await core.store.transaction { db in
            try core.store.deleteProviderIdentity(provider: provider.name, subject: subject, in: db)
        }
        guard gone else { throw APIError.notFound("No identity \(subject) at \(provider.name)") }
    }

    private func insert(_ identity: ServerConfiguration.ProviderIdentity, provider: String, in db: Database) throws
        -> IdentityStore.ProviderIdentityRow
    {
        try core.store.insertProviderIdentity(
            .init(
                provider: provider, subject: core.secrets.hexId(bytes: 10), email: identity.email, emailVerified: identity.emailVerified,
                name: identity.name, picture: identity.picture, createdAt: core.now), in: db)
    }

    /// An identity as a page or the API gave it: a real email, a short name, an https picture.
    static func checked(_ identity: ServerConfiguration.ProviderIdentity) throws -> ServerConfiguration.ProviderIdentity {
        var out = identity
        guard let email = EmailAddress.normalized(identity.email) else {
            throw APIError.invalidRequest("email is not an email address", field: "email", code: "invalid")
        }
        out.email = email
        if let name = identity.name {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard trimmed.count <= 200, trimmed.unicodeScalars.allSatisfy({ $0.properties.generalCategory != .control }) else {
                throw APIError.invalidRequest("name must be at most 200 printable characters", field: "name", code: "invalid")
            }
            out.name = trimmed.isEmpty ? nil : trimmed
        }
        if let picture = identity.picture, !picture.isEmpty {
            guard picture.utf8.count <= 2048, let url = URL(string: picture), url.scheme == "https", url.host != nil else {
                throw APIError.invalidRequest("picture must be an https URL", field: "picture", code: "invalid")
            }
        } else {
            out.picture = nil
        }
        return out
    }
}
