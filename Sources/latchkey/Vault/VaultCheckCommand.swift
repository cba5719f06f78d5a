import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Verify the header, SQLite integrity, the digest and every record.")
    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        let report = try vaultOperation { try vault.check() }
        Console.out("ok: \(report.records) records, header, digest and every record verified")
    }
}
