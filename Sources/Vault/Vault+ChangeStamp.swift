import SQLite

extension Vault {
    /// Changes whenever the vault's contents may have changed, through this handle or any
    /// other process; caches of decrypted data compare it before they answer.
    func changeStamp() throws -> ChangeStamp {
        lock.lock()
        defer { lock.unlock() }
        return try Self.wrapSQLite { try db.changeStamp() }
    }
}
