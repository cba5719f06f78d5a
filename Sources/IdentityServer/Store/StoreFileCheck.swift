import SQLite

extension IdentityStore {
    /// Why the file at `path` is not a whole Latchkey store (nil when it is): it opens read-only,
    /// passes SQLite's integrity and foreign-key checks, and has the store's accounts table.
    /// Checked before a restore replaces anything (`serve --import`).
    static func problem(withStoreFile path: String) throws -> String? {
        let candidate = try Database(path: path, options: .init(readOnly: true))
        guard try candidate.integrityCheck() else { return "it fails SQLite's integrity check" }
        if try candidate.prepare("PRAGMA foreign_key_check").firstRow({ _ in true }) ?? false { return "it fails the foreign-key check" }
        let isStore =
            try candidate.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'accounts'").firstRow { _ in true } ?? false
        return isStore ? nil : "it is not a Latchkey identity-server store"
    }
}
