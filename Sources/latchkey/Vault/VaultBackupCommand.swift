import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "A consistent copy under the same passphrase (SQLite online backup).")
    @OptionGroup var options: VaultOptions
    @Option(help: "Destination file (must not exist).") var out: String

    func run() throws {
        guard !FileManager.default.fileExists(atPath: out) else {
            throw CommandFailure(.failed, "\(out) already exists: --out must name a new file (a backup never overwrites)")
        }
        let vault = try options.open()
        try vaultOperation { try vault.backup(to: out) }
        Console.out("backed up to \(out)")
    }
}
