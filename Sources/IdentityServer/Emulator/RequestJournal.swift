import Encoding
import Foundation

/// The last requests the server answered, for `GET /emulator/v1/requests`. Query values that
/// are secrets (tkn, code, tokens, passwords, verifiers) are replaced before they are kept.
final class RequestJournal: Sendable {
    struct Entry: Sendable {
        var method: String
        var path: String
        var query: String
        var status: Int
        var durationMilliseconds: Double
        var correlationId: String?
        var at: Date
    }

    static let capacity = 1000
    static let secretParameters: Set<String> = [
        "tkn", "code", "code_verifier", "id_token", "token", "access_token", "refresh_token",
        "password", "old_password", "verification_code", "nonce", "client_secret",
    ]

    private let entries = BoundedLog<Entry>(capacity: capacity)

    func record(_ entry: Entry) {
        var e = entry
        e.query = Self.redacted(entry.query)
        entries.append(e)
    }

    func last(_ limit: Int) -> [Entry] { entries.last(limit) }

    func clear() { entries.clear() }

    static func redacted(_ query: String) -> String {
        guard !query.isEmpty else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
            return secretParameters.contains(name.removingPercentEncoding ?? name) ? "\(name)=REDACTED" : String(pair)
        }.joined(separator: "&")
    }
}
