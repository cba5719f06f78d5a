#if canImport(Glibc)
    import Glibc
#endif

/// The statement cache's key: the SQL text, hashed on its length and its last eight bytes only.
/// Hashing the whole text (SipHash over a few hundred bytes, several times a transaction) cost
/// more than the statements it looked up; texts that share a tail and a length are still told
/// apart by the full comparison `==` makes.
struct StatementKey: Hashable {
    let sql: String

    func hash(into hasher: inout Hasher) {
        var tail: UInt64 = 0
        var count = 0
        var text = sql
        text.withUTF8 { bytes in
            count = bytes.count
            for byte in bytes.suffix(8) { tail = tail << 8 | UInt64(byte) }
        }
        hasher.combine(count)
        hasher.combine(tail)
    }

    /// Byte for byte, as the hash reads it (String's `==` would call canonically equivalent
    /// spellings equal while their bytes hash apart).
    static func == (a: StatementKey, b: StatementKey) -> Bool {
        var (x, y) = (a.sql, b.sql)
        return x.withUTF8 { p in
            y.withUTF8 { q in p.count == q.count && (p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0) }
        }
    }
}
