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

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: CompletionShell

    func run() throws {
        Console.write(Array(Latchkey.completionScript(for: shell).utf8))
    }
}

extension CompletionShell: @retroactive ExpressibleByArgument {}
