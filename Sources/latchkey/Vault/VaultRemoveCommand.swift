import ArgumentParser
import Foundation
import Vault
import WebAuthn

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
