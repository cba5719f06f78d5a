import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultPasswdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd", abstract: "Change the passphrase (re-wraps the vault key only).",
        discussion:
            "The new passphrase comes from --new-passphrase-file, else $LATCHKEY_NEW_PASSPHRASE, else a prompt. Someone who already copied the file and knows the old passphrase is not locked out: use rotate-key for that."
    )
    @OptionGroup var options: VaultOptions
    @Option(help: "Read the new passphrase from this file.") var newPassphraseFile: String?
    @Option(help: "New scrypt cost as log2(N), 10–20 (default: keep).") var kdfLogN: Int?

    func run() throws {
        let vault = try options.open()
        let new = try SecretInput.read(
            environment: "LATCHKEY_NEW_PASSPHRASE", file: newPassphraseFile, fileOption: "--new-passphrase-file",
            prompt: "New passphrase: ", confirm: true)
        try vaultOperation { try vault.changePassphrase(to: new, kdf: kdfLogN.map { .init(logN: $0) }) }
        Console.out("passphrase changed")
    }
}
