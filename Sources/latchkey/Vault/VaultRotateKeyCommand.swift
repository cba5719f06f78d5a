import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultRotateKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-key", abstract: "Re-encrypt every record under a new vault key, in one transaction.")
    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        try vaultOperation { try vault.rotateKey() }
        Console.out("vault key rotated (epoch \(vault.epoch))")
    }
}
