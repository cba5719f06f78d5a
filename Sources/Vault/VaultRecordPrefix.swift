import SQLite

extension Vault {
    /// The record whose lower-case hex id starts with `prefix`, as git resolves a short object
    /// name: `notFound` when none does, `ambiguousId` (naming the candidates) when several do.
    /// Only the ids are read; the caller's read of the record authenticates it.
    public func recordId(prefix: String) throws -> [UInt8] {
        let prefix = prefix.lowercased()
        let matches: [[UInt8]] = try {
            lock.lock()
            defer { lock.unlock() }
            return try Self.wrapSQLite {
                let s = try db.prepare("SELECT id FROM items ORDER BY id")
                defer { s.reset() }
                var out: [[UInt8]] = []
                while try s.step() {
                    if let id = s.blob(0), hex(id).hasPrefix(prefix) { out.append(id) }
                }
                return out
            }
        }()
        guard let first = matches.first else { throw VaultError.notFound("record \(prefix)") }
        guard matches.count == 1 else { throw VaultError.ambiguousId(prefix: prefix, matches: matches.map(hex)) }
        return first
    }
}
