import Foundation
import TestSupport
import Testing

/// The newcomer pass of issue 18: the completion scripts.
@Suite struct CompletionValueTests {
    /// The completion scripts offer the values of the options that take a fixed set.
    @Test func completionsCompleteOptionValues() async throws {
        let bash = try await CLIRunner.run(["completions", "bash"])
        #expect(bash.status == 0)
        // bash lists the words one a line: 'always'$'\n''immediate'…
        for values in [
            ["always", "immediate", "autofill"], ["icloud", "security-key"], ["passkey", "password", "apple"],
            ["pass", "fail", "unavailable"],
            ["first", "cancel"], ["always", "never", "prompt"], ["password", "passkey", "apple", "apple-issuer-key", "session"],
        ] {
            let words = values.map { "'\($0)'" }.joined(separator: "$'\\n'")
            #expect(bash.stdout.contains(words), "bash: \(words)")
        }
        let fish = try await CLIRunner.run(["completions", "fish"])
        #expect(fish.stdout.contains("-l 'display'") && fish.stdout.contains("'always immediate autofill'"), "\(fish.stdout.prefix(2000))")
        let zsh = try await CLIRunner.run(["completions", "zsh"])
        #expect(zsh.stdout.contains("('always' 'immediate' 'autofill')"), "\(zsh.stdout.prefix(2000))")
    }
}
