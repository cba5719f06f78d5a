import Foundation

/// Where the authenticator keeps credentials. The in-memory store and the encrypted vault both
/// implement it, so the authenticator never knows which one it has.
public protocol CredentialStore: Sendable {
    /// Saves a new credential. Replaces an existing discoverable credential for the same
    /// rpId and user handle, as CTAP 2.1 §6.1.2 step 17 requires.
    func add(_ credential: StoredCredential) throws
    /// Credentials for an RP, newest first (the order CTAP 2.1 getAssertion uses).
    func credentials(forRP rpId: String) throws -> [StoredCredential]
    func credential(id: [UInt8]) throws -> StoredCredential?
    /// Every credential, for a device's credential management (CTAP 2.1 §6.8) and reset.
    func allCredentials() throws -> [StoredCredential]
    /// Records a signature: the new counter value and the time of use.
    func recordUse(id: [UInt8], signCount: UInt32, at date: Date) throws
    func remove(id: [UInt8]) throws
}

/// A thread-safe, process-local credential store. Every operation is O(1) amortised, apart
/// from listing an RP's credentials.
public final class InMemoryCredentialStore: CredentialStore, @unchecked Sendable { // every table only under lock
    private struct Account: Hashable {
        var rpId: String
        var userHandle: [UInt8]
    }
    private var byId: [[UInt8]: StoredCredential] = [:]
    /// Insertion order per RP, oldest first; removed IDs are skipped lazily.
    private var byRP: [String: [[UInt8]]] = [:]
    private var discoverableByAccount: [Account: [UInt8]] = [:]
    private let lock = NSLock()

    public init() {}

    public func add(_ credential: StoredCredential) throws {
        lock.lock()
        defer { lock.unlock() }
        if credential.discoverable {
            let account = Account(rpId: credential.rpId, userHandle: credential.userHandle)
            if let existing = discoverableByAccount[account], existing != credential.id { byId[existing] = nil }
            discoverableByAccount[account] = credential.id
        }
        // Saving a credential again (new user names) keeps its place in the RP's order.
        if byId.updateValue(credential, forKey: credential.id) == nil { byRP[credential.rpId, default: []].append(credential.id) }
    }

    public func credentials(forRP rpId: String) throws -> [StoredCredential] {
        lock.lock()
        defer { lock.unlock() }
        let ids = byRP[rpId] ?? []
        let live = ids.compactMap { byId[$0].flatMap { $0.rpId == rpId ? $0 : nil } }
        if live.count != ids.count { byRP[rpId] = live.map(\.id) }
        return live.reversed()
    }

    public func credential(id: [UInt8]) throws -> StoredCredential? {
        lock.lock()
        defer { lock.unlock() }
        return byId[id]
    }

    public func allCredentials() throws -> [StoredCredential] {
        lock.lock()
        defer { lock.unlock() }
        return byId.values.sorted { $0.createdAt != $1.createdAt ? $0.createdAt < $1.createdAt : $0.id.lexicographicallyPrecedes($1.id) }
    }

    public func recordUse(id: [UInt8], signCount: UInt32, at date: Date) throws {
        lock.lock()
        defer { lock.unlock() }
        byId[id]?.signCount = signCount
        byId[id]?.lastUsedAt = date
    }

    public func remove(id: [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        guard let c = byId.removeValue(forKey: id) else { return }
        let account = Account(rpId: c.rpId, userHandle: c.userHandle)
        if discoverableByAccount[account] == id { discoverableByAccount[account] = nil }
    }

    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return byId.count
    }
}
