import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultAddPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-password", abstract: "Save a password (read from stdin, or prompted).",
        discussion: """
        The password is offered on exactly the saved host and port (a URL's port, else the \
        default one), and on subdomains only with --include-subdomains. An empty password, a \
        site that is not a host name, IP address or URL, and a second password for the same \
        site and username are refused; --replace swaps the stored one in one transaction.
        """)
    @OptionGroup var options: VaultOptions
    @Option(help: "The site: a host name (example.com) or URL (https://example.com:8443).") var domain: String
    @Option(help: "The account name.") var username: String
    @Option(help: "Free-text notes.") var notes: String?
    @Flag(help: "Also offer the password on subdomains of the site.") var includeSubdomains = false
    @Flag(help: "Replace a password already saved for this site and username.") var replace = false

    func validate() throws {
        let probe = PasswordItem(domain: domain, username: username, password: "")
        guard SiteName.isValid(probe.host) else {
            throw ValidationError("--domain '\(TerminalText.escaped(domain))' is not a host name, IP address or URL with a host")
        }
        guard !username.isEmpty else { throw ValidationError("--username must not be empty") }
        if isatty(STDIN_FILENO) != 1 { try options.refuseStdinPassphrase(because: "the password comes") }
    }

    func run() throws {
        let vault = try options.open()
        let password: [UInt8]
        if isatty(STDIN_FILENO) == 1 {
            password = try SecretInput.promptNoEcho("Password for \(TerminalText.escaped(username)): ")
        } else {
            var bytes = try Console.readStdin(limit: 64 * 1024)
            if bytes.last == 0x0A { bytes.removeLast() }
            password = bytes
        }
        guard let text = String(validating: password, as: UTF8.self) else { throw CommandFailure(.failed, "the password is not UTF-8") }
        guard !text.isEmpty else { throw CommandFailure(.usage, "the password is empty; nothing was saved") }
        let item = PasswordItem(domain: domain, username: username, password: text, notes: notes, includeSubdomains: includeSubdomains)
        switch try vaultOperation({ try vault.savePassword(item, replacingExisting: replace) }) {
        case .saved(let id, _): Console.out(RecordID.format(id))
        case .alreadySaved(let existing):
            throw CommandFailure(.failed, "a password for \(TerminalText.escaped(username)) at \(item.host) is already saved (\(RecordID.format(existing))); add --replace to replace it")
        }
    }
}
