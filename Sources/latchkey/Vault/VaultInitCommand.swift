import ArgumentParser
import Foundation
import LatchkeyCrypto
import Vault

struct VaultInitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create a new vault.")

    @OptionGroup var options: VaultOptions

    @Option(help: "scrypt cost as log2(N), 10–20 (default 17). Below 14 the vault is for tests only.")
    var kdfLogN: Int = 17

    func validate() throws {
        guard VaultHeader.logNRange.contains(kdfLogN) else { throw ValidationError("--kdf-log-n must be between 10 and 20") }
    }

    func run() throws {
        if kdfLogN < 14 { Console.error("warning: --kdf-log-n \(kdfLogN) is for tests only; a stolen vault file would be cheap to attack") }
        let path = options.path
        // A bare file name ("v.db") has no folder to make.
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let passphrase = try SecretInput.read(
            environment: "LATCHKEY_PASSPHRASE", file: options.passphraseFile, fileOption: "--passphrase-file",
            prompt: "New vault passphrase: ", confirm: true)
        _ = try vaultOperation { try Vault.create(at: path, passphrase: passphrase, kdf: .init(logN: kdfLogN)) }
        Console.out("created \(path) (scrypt logN=\(kdfLogN), r=8, p=1)")
    }
}
