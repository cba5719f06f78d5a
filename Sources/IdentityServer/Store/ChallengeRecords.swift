import Encoding
import Foundation
import SQLite

/// WebAuthn challenges, one row per ceremony started, with what the finish call must match.
/// Taking a challenge deletes it: each one is good for one finish call.
extension IdentityStore {
    enum Ceremony: String, Sendable { case signup, registration, authentication, reset }

    func insertChallenge(_ challenge: String, ceremony: Ceremony, data: JSONValue, expiresAt: Int64) throws {
        try write { db in
            try db.prepare("INSERT INTO challenges(challenge, ceremony, data, expires_at) VALUES(?1, ?2, ?3, ?4)")
                .bind(1, challenge).bind(2, ceremony.rawValue).bind(3, JSONText.serialize(data)).bind(4, expiresAt).run()
        }
    }

    /// The ceremony's stored data, or nil when the challenge is unknown, used, of another
    /// ceremony, or expired.
    func takeChallenge(_ challenge: String, ceremony: Ceremony, now: Int64, in db: Database) throws -> JSONValue? {
        guard
            let row = try db.prepare("SELECT ceremony, data, expires_at FROM challenges WHERE challenge = ?1").bind(1, challenge)
                .firstRow({ ($0.text(0) ?? "", $0.text(1) ?? "{}", $0.int(2)) })
        else { return nil }
        try db.prepare("DELETE FROM challenges WHERE challenge = ?1").bind(1, challenge).run()
        guard row.0 == ceremony.rawValue, row.2 > now else { return nil }
        return try StrictJSON.parse(Array(row.1.utf8), maxDepth: 64)
    }
}
