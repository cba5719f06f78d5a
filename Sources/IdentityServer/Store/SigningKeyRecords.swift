import SQLite

/// The token signing keys, kept in the store (PKCS#8 DER in `meta`) so tokens signed before a
/// restart still verify after it.
extension IdentityStore {
    /// Which key a `meta` row holds.
    enum SigningKeyName: String {
        case es256 = "signing_key"
        case rs256 = "rsa_signing_key"
    }

    /// The stored key `name`; when there is none, `create()`'s key is stored and returned (nil
    /// from `create` stores nothing). Start-up code: one write transaction.
    func signingKey(_ name: SigningKeyName, orCreate create: () throws -> [UInt8]?) throws -> [UInt8]? {
        try write { db in
            let select = try db.prepare("SELECT value FROM meta WHERE key = ?1").bind(1, name.rawValue)
            if let der = try select.firstRow({ $0.blob(0) }), let der { return der }
            guard let der = try create() else { return nil }
            try db.prepare("INSERT INTO meta(key, value) VALUES(?1, ?2)").bind(1, name.rawValue).bind(2, der).run()
            return der
        }
    }
}
