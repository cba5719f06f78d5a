import ArgumentParser
import Foundation
import Vault

/// Where the vault is and how its passphrase arrives: `--vault`, else `$LATCHKEY_VAULT`, else
/// `$XDG_DATA_HOME/latchkey/vault.db` (`~/.local/share/latchkey/vault.db`). The passphrase comes
/// from `--passphrase-file` when given, else `$LATCHKEY_PASSPHRASE`, else a no-echo prompt on the terminal.
struct VaultOptions: ParsableArguments {
    @Option(help: "The vault file (default: $LATCHKEY_VAULT, else the XDG data dir).")
    var vault: String?

    @Option(help: "Read the passphrase from the first line of this file.")
    var passphraseFile: String?

    var path: String {
        if let vault { return vault }
        let env = ProcessInfo.processInfo.environment
        if let v = env["LATCHKEY_VAULT"], !v.isEmpty { return v }
        let base = env["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
        return base + "/latchkey/vault.db"
    }

    /// Refuses `--passphrase-file -` for a command that reads something else from stdin: stdin
    /// can carry one of them. `what` completes "… from stdin" ("the password comes").
    func refuseStdinPassphrase(because what: String) throws {
        guard passphraseFile != "-" else {
            throw ValidationError(
                "\(what) from stdin, so --passphrase-file - cannot read it too; use a passphrase file or $LATCHKEY_PASSPHRASE")
        }
    }

    func passphrase(prompt: String = "Vault passphrase: ") throws -> [UInt8] {
        try SecretInput.read(environment: "LATCHKEY_PASSPHRASE", file: passphraseFile, fileOption: "--passphrase-file", prompt: prompt)
    }

    func open() throws -> Vault {
        // A missing vault is said before the passphrase is asked for (or missed).
        do { try VaultFile.checkOpenable(path) } catch VaultError.notFound {
            throw CommandFailure(
                .failed, "no vault at \(path): create one with latchkey vault init (or point --vault / $LATCHKEY_VAULT at one)")
        } catch let e as VaultError { throw CommandFailure(e) }
        let p = try passphrase()
        if let warning = VaultFile.looseModeWarning(path) { Console.error("warning: \(warning)") }
        // scrypt at the default cost takes a second or more: say so on a terminal, then erase it.
        let note = isatty(STDERR_FILENO) == 1
        if note { FileHandle.standardError.write(Data("unlocking \(path)…".utf8)) }
        defer { if note { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) } }
        do { return try Vault.open(at: path, passphrase: p) } catch let e as VaultError { throw CommandFailure(e) }
    }
}

extension CommandFailure {
    /// The documented exit codes: 4 locked or wrong passphrase, 5 damaged or tampered.
    init(_ error: VaultError) {
        switch error {
        case .wrongPassphrase, .invalidPassphrase: self.init(.vaultLocked, error.description)
        case _ where error.isDamage: self.init(.vaultDamaged, error.description)
        default: self.init(.failed, error.description)
        }
    }
}

/// Runs a vault operation and maps its errors to the exit-code table.
func vaultOperation<R>(_ body: () throws -> R) throws -> R {
    do { return try body() } catch let e as VaultError { throw CommandFailure(e) }
}
