import ArgumentParser

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print a shell completion script for latchkey.",
        discussion: """
            Install for the current user, for example:
              bash: latchkey completions bash > ~/.local/share/bash-completion/completions/latchkey
              zsh:  latchkey completions zsh > ~/.zfunc/_latchkey   (with ~/.zfunc in $fpath)
              fish: latchkey completions fish > ~/.config/fish/completions/latchkey.fish
            """
    )

    /// The shells ArgumentParser writes scripts for, as an argument this command owns (a conformance
    /// of ArgumentParser's own `CompletionShell` would be retroactive).
    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash
        case zsh
        case fish
    }

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: Shell

    func run() throws {
        guard let completionShell = CompletionShell(rawValue: shell.rawValue) else { throw ExitCode.validationFailure }
        Console.write(Array(Latchkey.completionScript(for: completionShell).utf8))
    }
}
