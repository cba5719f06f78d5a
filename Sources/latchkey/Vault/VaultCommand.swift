import ArgumentParser

struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Manage the encrypted vault of passwords and passkeys.",
        discussion: """
            The vault is chosen by --vault, else $LATCHKEY_VAULT, else \
            $XDG_DATA_HOME/latchkey/vault.db. The passphrase comes from --passphrase-file when given, \
            else $LATCHKEY_PASSPHRASE, else a no-echo prompt. New vault files are mode 0600; \
            opening one that group or others can access prints a warning.

            Item ids (show, remove) are the hex ids `list` prints, or a unique prefix of at least 4 \
            digits.

            Exit codes: 2 usage, also when no passphrase source exists (no file option, no \
            variable, no terminal) or an id prefix is ambiguous; 4 wrong passphrase; 5 vault or \
            export damaged or tampered (see latchkey --help).
            """,
        subcommands: [
            VaultInitCommand.self, VaultListCommand.self, VaultShowCommand.self, VaultReadCommand.self, VaultAddPasswordCommand.self,
            VaultRemoveCommand.self, VaultPasswdCommand.self, VaultRotateKeyCommand.self, VaultCheckCommand.self,
            VaultBackupCommand.self, VaultExportCommand.self, VaultImportCommand.self, VaultAppleJWKSCommand.self,
        ]
    )
}
