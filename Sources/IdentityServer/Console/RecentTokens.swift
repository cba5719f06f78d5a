/// The last JWTs this server issued (access and id tokens), kept in memory only while the
/// emulator API is on, so the console's Tokens page can offer them to decode. They are test
/// tokens of an emulator that also shows its codes in the outbox; a real server keeps none.
final class RecentTokens: Sendable {
    struct Entry: Sendable {
        var kind: String
        var subject: String
        var issuedAt: Int64
        var token: String
    }

    static let capacity = 20
    private let entries = BoundedLog<Entry>(capacity: capacity)

    func note(_ entry: Entry) { entries.append(entry) }

    /// Newest first.
    var all: [Entry] { entries.last(Self.capacity).reversed() }

    func clear() { entries.clear() }
}
