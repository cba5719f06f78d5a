import ArgumentParser
import Foundation
import Vault
import WebAuthn

struct VaultImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import a CXF export (an age file, or plaintext) in one transaction.",
        discussion:
            "The file is what `vault export` writes: an age file encrypted to a passphrase (binary or armored; `age -p` makes one too), an export of Latchkey before age (still read), or plaintext CXF JSON. Everything is decrypted and validated before anything is written; a tampered file imports nothing. Imported passkeys start at counter 0. Passwords must pass add-password's rules (a non-empty password, a host name, IP address or http(s) URL as the site, a username without control characters); a file with one that does not imports nothing (exit 1). Every file `vault export` writes imports (one size limit: a CXF document of up to 64 MiB). An item identical to a stored one (same credential ID, or same site and username, and the same content) is skipped; an item that clashes with a stored one or with another item of the file is a conflict, and then nothing is imported (exit 1)."
    )
    @OptionGroup var options: VaultOptions
    @Argument(help: "The export file (- for standard input).") var file: String
    @Flag(help: "Print the report (imported, identical, conflicting) as JSON.") var json = false
    @Option(help: "Read the export passphrase from this file.") var exportPassphraseFile: String?

    func validate() throws {
        let readers = [file, options.passphraseFile, exportPassphraseFile].filter { $0 == "-" }
        guard readers.count <= 1 else { throw ValidationError("only one of the file and the passphrases can come from stdin (-)") }
    }

    /// The largest file read: an armored age file of the largest CXF document.
    static let maximumFileLength = max(
        ExportContainer.maximumFileLength, AgeFile.maximumFileLength(payload: ExportContainer.maximumPayload))

    func run() throws {
        // Whatever `vault export` writes fits: the container of the largest CXF document.
        let data = try InputFile.read(file, limit: Self.maximumFileLength)
        let vault = try options.open()
        var payload = data
        if AgeFile.isAgeFile(payload) || ExportContainer.isContainer(payload) {
            let pass = try SecretInput.read(
                environment: "LATCHKEY_EXPORT_PASSPHRASE", file: exportPassphraseFile, fileOption: "--export-passphrase-file",
                prompt: "Export passphrase: ")
            let sealed = payload
            payload = try vaultOperation {
                do {
                    return AgeFile.isAgeFile(sealed)
                        ? try AgeFile.decrypt(sealed, passphrase: pass, limit: ExportContainer.maximumPayload)
                        : try ExportContainer.open(sealed, passphrase: pass)
                } catch VaultError.wrongPassphrase {
                    // Two passphrases are in play here: say which one was wrong.
                    throw CommandFailure(.vaultLocked, "wrong export passphrase (the file's, not the vault's)")
                }
            }
        }
        let doc = try vaultOperation { try CXFDocument.decode(payload) }
        let items = try vaultOperation { try doc.vaultItems(publicSuffixList: SystemPublicSuffixList.load()) }
        let report = try vaultOperation { try vault.importItems(items) }
        if json {
            Console.write(WebAuthnJSON.encode(report, pretty: true) + [0x0A])
        } else {
            for item in report.identical { Console.out("skipped (already in the vault): \(TerminalText.escaped(item))") }
            for item in report.conflicting {
                Console.error("conflict (another item with this identity is stored): \(TerminalText.escaped(item))")
            }
            if report.conflicting.isEmpty {
                Console.out("imported \(report.imported) items, skipped \(report.identical.count) identical")
            } else {
                let count = report.conflicting.count
                Console.error(
                    "nothing imported: \(count) \(count == 1 ? "item conflicts" : "items conflict") with the vault or with each other")
            }
        }
        if !report.conflicting.isEmpty { throw ExitCode(ExitStatus.failed.rawValue) }
    }
}
