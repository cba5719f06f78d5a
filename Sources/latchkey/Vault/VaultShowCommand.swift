import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one item, a field a line (--json: one object); secrets only with --reveal.")
    @OptionGroup var options: VaultOptions
    @Argument(help: "The item id from `list`.") var id: String
    @Flag(help: "Print the password or private key.") var reveal = false
    @Flag(help: "JSON output.") var json = false

    func run() throws {
        let raw = try RecordID.parse(id)
        let vault = try options.open()
        guard let item = try vaultOperation({ try vault.item(id: raw) }) else { throw CommandFailure(.failed, VaultError.notFound("record \(id)").description) }
        let entry = VaultEntry(id: raw, item: item, reveal: reveal)
        if json { Console.writeJSON(entry) } else { entry.details.forEach(Console.out) }
    }
}
