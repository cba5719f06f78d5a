import ArgumentParser
import Encoding

/// `latchkey emulator snapshot`: save the whole state under an id, or go back to one.
struct EmulatorSnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot", abstract: "Whole-state snapshots: save (default; prints the id), restore ID.",
        discussion: """
            Snapshots live beside the server's database (an in-memory server's, in a temporary folder \
            removed when it stops). To keep a state across restarts, use latchkey serve --export-on-exit \
            and --import. \(EmulatorCommand.exitCodes)
            """,
        subcommands: [Save.self, Restore.self], defaultSubcommand: Save.self)

    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "save", abstract: "Save the whole state; prints the snapshot's id.")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("POST", "/emulator/v1/snapshot")
            options.print(answer) { Console.out(answer.cell("id")) }
        }
    }

    struct Restore: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "restore", abstract: "Replace the whole state with a snapshot.")
        @OptionGroup var options: EmulatorOptions
        @Argument(help: "The snapshot's id, as save printed it.") var id: String

        func run() async throws {
            let answer = try await options.call("POST", "/emulator/v1/restore", body: .object(["id": .string(id)]))
            options.print(answer) { Console.out("restored \(TerminalText.escaped(id))") }
        }
    }
}
