import Encoding
import Foundation
import SQLite

/// WebAuthn challenges, one row per ceremony started, with what the finish call must match (a
/// ceremony's own `Codable` type, stored as JSON). Taking a challenge deletes it: each one is good
/// for one finish call.
extension IdentityStore {
    /// The WebAuthn ceremonies, and the one-time records of the social logins: a provider login
    /// waiting for its provider (keyed by its `state`), an emulated provider's authorization code
    /// and its access token.
    enum Ceremony: String, Sendable {
        case signup, registration, authentication, reset
        case providerLogin = "provider_login"
        case providerCode = "provider_code"
        case providerAccess = "provider_access"
    }

    func insertChallenge(_ challenge: String, ceremony: Ceremony, data: some Encodable, expiresAt: Int64, in db: Database) throws {
        let text = try StrictJSONEncoder().encodeText(data)
        try db.prepare("INSERT INTO challenges(challenge, ceremony, data, expires_at) VALUES(?1, ?2, ?3, ?4)")
            .bind(1, challenge).bind(2, ceremony.rawValue).bind(3, text).bind(4, expiresAt).run()
    }

    /// The ceremony's stored data, or nil when the challenge is unknown, used, of another
    /// ceremony, or expired. The row is deleted whichever it is.
    func takeChallenge<Data: Decodable>(_ challenge: String, ceremony: Ceremony, as type: Data.Type, now: Int64, in db: Database) throws
        -> Data?
    {
        guard let row = try challengeRow(challenge, in: db) else { return nil }
        try db.prepare("DELETE FROM challenges WHERE challenge = ?1").bind(1, challenge).run()
        return try row.data(ceremony: ceremony, as: type, now: now)
    }

    /// `takeChallenge`'s answer without taking it: what a finish call reads before its
    /// transaction (a signature is checked outside the store's turn), to take it after.
    func peekChallenge<Data: Decodable>(_ challenge: String, ceremony: Ceremony, as type: Data.Type, now: Int64, in db: Database) throws
        -> Data?
    {
        try challengeRow(challenge, in: db)?.data(ceremony: ceremony, as: type, now: now)
    }

    private struct ChallengeRow {
        let ceremony: String
        let data: String
        let expiresAt: Int64

        func data<Data: Decodable>(ceremony wanted: Ceremony, as type: Data.Type, now: Int64) throws -> Data? {
            guard ceremony == wanted.rawValue, expiresAt > now else { return nil }
            return try StrictJSONDecoder(maxStringBytes: 64 * 1024).decode(type, from: Array(data.utf8))
        }
    }

    private func challengeRow(_ challenge: String, in db: Database) throws -> ChallengeRow? {
        try db.prepare("SELECT ceremony, data, expires_at FROM challenges WHERE challenge = ?1").bind(1, challenge)
            .firstRow({ ChallengeRow(ceremony: $0.text(0) ?? "", data: $0.text(1) ?? "{}", expiresAt: $0.int(2)) })
    }
}
