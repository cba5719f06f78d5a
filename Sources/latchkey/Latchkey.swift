import ArgumentParser
import LatchkeyRelease

/// The root command. Every subcommand lives in its own file.
struct Latchkey: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey",
        abstract: "A headless credential keychain and passkey authenticator.",
        discussion: """
            Exit codes:
              0  ok
              1  operation failed (also: verification failed, authorization error)
              2  usage error (also: no passphrase source for a vault command, an ambiguous id prefix)
              3  AuthCanceled (the user or the picker canceled)
              4  wrong passphrase (vault or export)
              5  vault or export damaged or tampered
            latchkey exec exits with its command's status instead (1 or 2 only for its own failures).

            Shell completion: latchkey completions bash|zsh|fish (see its --help).
            """,
        version: LatchkeyVersion.current,
        subcommands: [
            DemoCommand.self, CreateCommand.self, GetCommand.self, VaultCommand.self, VerifyCommand.self, VectorsCommand.self,
            ServeCommand.self, ExecCommand.self, SignupCommand.self, LoginCommand.self, ProfileCommand.self, EmailCommand.self,
            LogoutCommand.self,
            MfaCommand.self, HybridCommand.self, EmulatorCommand.self,
            CTAPGroupCommand.self, BenchCommand.self, CompletionsCommand.self,
        ]
    )
}
