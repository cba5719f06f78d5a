import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultAddPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add-password", abstract: "Save a password (read from stdin, or prompted).")
    @OptionGroup var options: VaultOptions
    @Option(help: "The site: a domain or URL.") var domain: String
    @Option(help: "The account name.") var username: String
    @Option(help: "Free-text notes.") var notes: String?

    func run() throws {
        let vault = try options.open()
        let password: [UInt8]
        if isatty(STDIN_FILENO) == 1 {
            password = try SecretInput.promptNoEcho("Password for \(username): ")
        } else {
            var bytes = try Console.readStdin(limit: 64 * 1024)
            if bytes.last == 0x0A { bytes.removeLast() }
            password = bytes
        }
        guard let text = String(validating: password, as: UTF8.self) else { throw CommandFailure(.failed, "the password is not UTF-8") }
        let id = try vaultOperation { try vault.add(.password(PasswordItem(domain: domain, username: username, password: text, notes: notes))) }
        Console.out(RecordID.format(id))
    }
}

struct VaultRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Delete an item.")
    @OptionGroup var options: VaultOptions
    @Argument(help: "The item id from `list`.") var id: String

    func run() throws {
        let raw = try RecordID.parse(id)
        let vault = try options.open()
        try vaultOperation { try vault.remove(id: raw) }
        Console.out("removed \(id)")
    }
}

struct VaultPasswdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Change the passphrase (re-wraps the vault key only).",
        discussion: "The new passphrase comes from $LATCHKEY_NEW_PASSPHRASE, --new-passphrase-file, or a prompt. Someone who already copied the file and knows the old passphrase is not locked out: use rotate-key for that.")
    @OptionGroup var options: VaultOptions
    @Option(help: "Read the new passphrase from this file.") var newPassphraseFile: String?
    @Option(help: "New scrypt cost as log2(N), 10–20 (default: keep).") var kdfLogN: Int?

    func run() throws {
        let vault = try options.open()
        let new = try SecretInput.read(environment: "LATCHKEY_NEW_PASSPHRASE", file: newPassphraseFile, prompt: "New passphrase: ", confirm: true)
        try vaultOperation { try vault.changePassphrase(to: new, kdf: kdfLogN.map { .init(logN: $0) }) }
        Console.out("passphrase changed")
    }
}

struct VaultRotateKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rotate-key", abstract: "Re-encrypt every record under a new vault key, in one transaction.")
    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        try vaultOperation { try vault.rotateKey() }
        Console.out("vault key rotated (epoch \(vault.epoch))")
    }
}

struct VaultCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Verify the header, SQLite integrity, the digest and every record.")
    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        let report = try vaultOperation { try vault.check() }
        Console.out("ok: \(report.records) records, header, digest and every record verified")
    }
}

struct VaultBackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "backup", abstract: "A consistent copy under the same passphrase (SQLite online backup).")
    @OptionGroup var options: VaultOptions
    @Option(help: "Destination file (must not exist).") var out: String

    func run() throws {
        let vault = try options.open()
        try vaultOperation { try vault.backup(to: out) }
        Console.out("backed up to \(out)")
    }
}
