import Foundation

/// The vault as the device's cookie jar: one cookie per server and name, replaced when the
/// server sets it again.
extension Vault {
    /// The cookies kept for `server` that have not ended at `now`, with their row ids.
    public func cookies(server: String, at now: Date = Date()) throws -> [(id: [UInt8], item: CookieItem)] {
        try rows(of: .cookie, where: "rp_idx", equals: BlindIndex.rp(.cookie, Array(server.utf8), keys)).compactMap {
            if case .cookie(let c) = $0.item, c.server == server, !c.isExpired(at: now) { return (id: $0.id, item: c) }
            return nil
        }
    }

    /// Keeps `cookie`, replacing the one of the same server and name (expired ones of that
    /// server go too), in one transaction.
    @discardableResult
    public func keep(_ cookie: CookieItem) throws -> [UInt8] {
        let stale = try rows(of: .cookie, where: "rp_idx", equals: BlindIndex.rp(.cookie, Array(cookie.server.utf8), keys)).compactMap {
            row -> [UInt8]? in
            guard case .cookie(let c) = row.item, c.server == cookie.server else { return nil }
            return c.name == cookie.name || c.isExpired() ? row.id : nil
        }
        return try replace(removing: stale, adding: .cookie(cookie))
    }
}
