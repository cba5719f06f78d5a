import Encoding
import Foundation
import SQLite

/// Every issuer (`iss`) this store's tokens were signed under. The issuer is the server's base
/// URL unless configured, so a server on `--port 0` has another one after each restart; its
/// access tokens from before must still verify, as they are signed by the same stored key.
extension IdentityStore {
    /// Adds `issuer` to the store's list and returns the whole list.
    func recordIssuer(_ issuer: String) throws -> Set<String> {
        try write { db in
            var issuers: [String] = []
            if let text = try db.prepare("SELECT value FROM meta WHERE key = 'issuers'").firstRow({ $0.blob(0) }) ?? nil,
                case .array(let items) = try StrictJSON.parse(text, maxDepth: 4)
            {
                issuers = items.compactMap(\.stringValue)
            }
            if !issuers.contains(issuer) {
                issuers.append(issuer)
                let json = Array(JSONText.serialize(.array(issuers.map { .string($0) })).utf8)
                try db.prepare("INSERT INTO meta(key, value) VALUES('issuers', ?1) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
                    .bind(1, json).run()
            }
            return Set(issuers)
        }
    }
}
