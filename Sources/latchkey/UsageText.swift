import ArgumentParser

/// A subcommand's usage lines, as the parser prints them after its own errors.
enum UsageText {
    static func of(_ command: ParsableCommand.Type) -> String {
        let help = Latchkey.helpMessage(for: command)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("USAGE:") }) else { return help }
        let usage = lines[start...].prefix { !$0.isEmpty }.joined(separator: "\n")
        let path = usage.dropFirst("USAGE: ".count).split(separator: " ").prefix {
            !$0.hasPrefix("[") && !$0.hasPrefix("<") && !$0.hasPrefix("-")
        }
        return usage.replacingOccurrences(of: "USAGE:", with: "Usage:")
            + "\n  See '\(path.joined(separator: " ")) --help' for more information."
    }
}
