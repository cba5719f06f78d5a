import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export passkeys and passwords as CXF 1.0, in an age file by default.",
        discussion:
            "The file is age (age-encryption.org/v1) encrypted to the export passphrase, so `age -d` opens it; --armor writes age's ASCII armor. The export passphrase comes from --export-passphrase-file, else $LATCHKEY_EXPORT_PASSPHRASE, else a prompt. --out - writes to standard output. Passkeys with a non-zero counter are left out and listed (CXF). A CXF document over 64 MiB, the size `vault import` reads, is refused (exit 1) rather than written, so every export imports."
    )
    @OptionGroup var options: VaultOptions
    @Option(help: "Destination file (must not exist), or - for standard output.") var out: String
    @Option(help: "Read the export passphrase from this file.") var exportPassphraseFile: String?
    @Flag(help: "Write age's ASCII armor (age -a) instead of the binary file.") var armor = false
    @Option(help: "The passphrase's scrypt cost as log2(N), 10–20; age's own default.") var kdfLogN: Int = AgeFile.defaultLogN
    @Flag(help: "Write bare CXF JSON (secrets in clear). Requires --confirm-plaintext.") var plaintext = false
    @Flag(help: "Confirm that the plaintext export may contain every secret in clear.") var confirmPlaintext = false

    func validate() throws {
        if plaintext && !confirmPlaintext {
            throw ValidationError("--plaintext writes every secret in clear; add --confirm-plaintext to proceed")
        }
        guard VaultHeader.logNRange.contains(kdfLogN) else { throw ValidationError("--kdf-log-n must be between 10 and 20") }
        if plaintext && armor { throw ValidationError("--armor applies to the encrypted file, not to --plaintext") }
    }

    func run() throws {
        let vault = try options.open()
        let items = try vaultOperation { try vault.items().map(\.item) }
        let (doc, skipped) = CXFDocument.export(items)
        // Refused here when over the one CXF size limit, so every export can be imported.
        let json = try vaultOperation { try doc.encoded(pretty: true) }
        let bytes: [UInt8]
        if plaintext {
            bytes = json
        } else {
            let pass = try SecretInput.read(
                environment: "LATCHKEY_EXPORT_PASSPHRASE", file: exportPassphraseFile, fileOption: "--export-passphrase-file",
                prompt: "Export passphrase: ", confirm: true)
            if kdfLogN < 14 { Console.error("warning: --kdf-log-n \(kdfLogN) is for tests only; the export would be cheap to attack") }
            bytes = try vaultOperation { try AgeFile.encrypt(json, passphrase: pass, logN: kdfLogN, armored: armor) }
        }
        let count = doc.accounts.reduce(0) { $0 + $1.items.count }
        if out == "-" {
            Console.write(bytes)
            Console.error("exported \(count) items to standard output\(plaintext ? " (PLAINTEXT)" : "")")
        } else {
            let fd = open(out, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw CommandFailure(.failed, "cannot create \(out): \(String(cString: strerror(errno)))") }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            handle.write(Data(bytes))
            try handle.synchronize()
            Console.out("exported \(count) items to \(out)\(plaintext ? " (PLAINTEXT)" : "")")
        }
        for s in skipped { Console.error("skipped \(TerminalText.escaped(s.title)): \(s.reason)") }
    }
}
