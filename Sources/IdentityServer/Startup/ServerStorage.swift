/// Where a started server keeps its state.
public enum ServerStorage: Sendable {
    /// A fresh in-memory database, gone when the server stops.
    case inMemory
    /// An SQLite file, created (with its schema) if absent.
    case file(path: String)
    /// A store the caller already opened (a test that restarts a server over the same state).
    case store(IdentityStore)

    func open() throws(ServerStartError) -> IdentityStore {
        switch self {
        case .store(let store): return store
        case .inMemory:
            do { return try IdentityStore.inMemory() } catch { throw .cannotOpenStore(path: "in-memory", reason: "\(error)") }
        case .file(let path):
            do { return try IdentityStore(path: path) } catch { throw .cannotOpenStore(path: path, reason: "\(error)") }
        }
    }
}
