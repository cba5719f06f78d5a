import Authenticator
import Foundation
import Vault

/// Throwaway vaults for `demo` and `vectors generate --store vault`, removed on exit. They use
/// a reduced scrypt cost (logN 14): they hold nothing worth protecting past the run.
final class TemporaryVaults: @unchecked Sendable { // the count and paths only under lock
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-\(UUID().uuidString)")
    private var made = 0
    private let lock = NSLock()

    func makeVault() throws -> Vault {
        lock.lock()
        made += 1
        let n = made
        lock.unlock()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return try Vault.create(
            at: directory.appendingPathComponent("vault-\(n).db").path,
            passphrase: Array(UUID().uuidString.utf8), kdf: .init(logN: 14))
    }

    func makeStore() throws -> CredentialStore { VaultCredentialStore(vault: try makeVault()) }

    // best-effort cleanup of throwaway vaults; leftovers in the temporary folder are harmless
    func removeAll() { try? FileManager.default.removeItem(at: directory) }
}
