import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one item, a field a line (--json: one object); secrets only with --reveal.",
        discussion:
            "ID is the item id from `list`, or a unique prefix of it (at least 4 hex digits), as git takes a short object name. A prefix that no item has exits 1; one that several items share exits 2 and lists them."
    )
    @OptionGroup var options: VaultOptions
    @Argument(help: "The item id from `list`, or a unique prefix of it.") var id: String
    @Flag(help: "Print the password or private key.") var reveal = false
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let prefix = try RecordID.prefix(id)
        let vault = try options.open()
        let raw = try RecordID.resolve(prefix, in: vault)
        guard let item = try vaultOperation({ try vault.item(id: raw) }) else {
            throw CommandFailure(.failed, VaultError.notFound("record \(prefix)").description)
        }
        let entry = VaultEntry(id: raw, item: item, reveal: reveal)
        if json { Console.writeJSON(entry) } else { entry.details.forEach(Console.out) }
    }
}
