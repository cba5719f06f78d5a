import SQLite

/// The token signing keys, kept in the store (PKCS#8 DER in `meta`) so tokens signed before a
/// restart still verify after it.
extension IdentityStore {
    /// Which key a `meta` row holds.
    struct SigningKeyName: Sendable, Equatable {
        let rawValue: String
        static let es256 = SigningKeyName(rawValue: "signing_key")
        static let rs256 = SigningKeyName(rawValue: "rsa_signing_key")
        /// An emulated social provider's RS256 key (``EmulatedProviders``).
        static func provider(_ name: String) -> SigningKeyName { SigningKeyName(rawValue: "provider_key:\(name)") }
    }

    /// The stored key `name`; when there is none, `create()`'s key is stored and returned (nil
    /// from `create` stores nothing). Start-up code: one write transaction.
    func signingKey(_ name: SigningKeyName, orCreate create: () throws -> [UInt8]?) throws -> [UInt8]? {
        try write { db in
            if let der = try storedSigningKey(name, in: db) { return der }
            guard let der = try create() else { return nil }
            try db.prepare("INSERT INTO meta(key, value) VALUES(?1, ?2)").bind(1, name.rawValue).bind(2, der).run()
            return der
        }
    }

    func storedSigningKey(_ name: SigningKeyName, in db: Database) throws -> [UInt8]? {
        let select = try db.prepare("SELECT value FROM meta WHERE key = ?1").bind(1, name.rawValue)
        return try select.firstRow({ $0.blob(0) }).flatMap { $0 }
    }

    /// `der` stored as key `name`, unless a key is stored already: the stored key either way.
    func keepSigningKey(_ name: SigningKeyName, _ der: [UInt8], in db: Database) throws -> [UInt8] {
        if let stored = try storedSigningKey(name, in: db) { return stored }
        try db.prepare("INSERT INTO meta(key, value) VALUES(?1, ?2)").bind(1, name.rawValue).bind(2, der).run()
        return der
    }
}
