import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Delete an item.",
        discussion:
            "ID is the item id from `list`, or a unique prefix of it (at least 4 hex digits), resolved as `show` does: a prefix that no item has exits 1; one that several items share exits 2 and removes nothing."
    )
    @OptionGroup var options: VaultOptions
    @Argument(help: "The item id from `list`, or a unique prefix of it.") var id: String

    func run() throws {
        let prefix = try RecordID.prefix(id)
        let vault = try options.open()
        let raw = try RecordID.resolve(prefix, in: vault)
        try vaultOperation { try vault.remove(id: raw) }
        Console.out("removed \(RecordID.format(raw))")
    }
}
