import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultAddPasswordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-password", abstract: "Save a password (read from stdin, or prompted).",
        discussion: """
            The password is offered on exactly the saved host and port (a URL's port, else the \
            default one), and on subdomains only with --include-subdomains. Refused (exit 2): an \
            empty password; a site that is not a host name, IP address or http(s) URL with a host \
            (so no javascript: or data: URL); an empty username or one with control characters \
            (terminal escape sequences) or bidirectional overrides. `vault import` applies the same \
            rules. A second password for the same site and username is refused (exit 1); \
            --replace swaps the stored one in one transaction and keeps its notes unless --notes \
            is given.
            """)
    @OptionGroup var options: VaultOptions
    @Option(help: "The site: a host name (example.com) or URL (https://example.com:8443).") var domain: String
    @Option(help: "The account name.") var username: String
    @Option(help: "Free-text notes (with --replace: replace the stored notes; without it they are kept).") var notes: String?
    @Flag(help: "Also offer the password on subdomains of the site.") var includeSubdomains = false
    @Flag(help: "Replace a password already saved for this site and username.") var replace = false

    func validate() throws {
        // The vault's own rule, on everything known before the password is read.
        do { try PasswordItem(domain: domain, username: username, password: "probe").validate() } catch {
            throw ValidationError(refusal(error))
        }
        if isatty(STDIN_FILENO) != 1 { try options.refuseStdinPassphrase(because: "the password comes") }
    }

    /// The vault's reason, with the value the user typed (escaped) where it helps.
    func refusal(_ error: VaultError) -> String {
        guard case .invalidItem(let why) = error else { return error.description }
        if why.contains("site") { return "--domain '\(TerminalText.escaped(domain))': \(why)" }
        if why.contains("username") { return "--username '\(TerminalText.escaped(username))': \(why)" }
        return why + "; nothing was saved"
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
        let item = PasswordItem(domain: domain, username: username, password: text, notes: notes, includeSubdomains: includeSubdomains)
        do { try item.validate() } catch { throw CommandFailure(.usage, refusal(error)) }
        switch try vaultOperation({ try vault.savePassword(item, replacingExisting: replace) }) {
        case .saved(let id, _): Console.out(RecordID.format(id))
        case .alreadySaved(let existing):
            throw CommandFailure(
                .failed,
                "a password for \(TerminalText.escaped(username)) at \(item.host) is already saved (\(RecordID.format(existing))); add --replace to replace it"
            )
        }
    }
}
