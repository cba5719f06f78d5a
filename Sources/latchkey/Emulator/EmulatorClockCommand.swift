import ArgumentParser
import Encoding

/// `latchkey emulator clock`: the server's clock, which only moves forward.
struct EmulatorClockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock", abstract: "The server's clock: show (default), advance SECONDS.",
        discussion: "Codes, tokens and sessions expire by this clock: advance it instead of sleeping. \(EmulatorCommand.exitCodes)",
        subcommands: [Show.self, Advance.self], defaultSubcommand: Show.self)

    static func text(_ answer: JSONValue) { Console.out("now \(answer.cell("now"))  advanced \(answer.cell("advanced_seconds")) s") }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "The server's now, and how far it was advanced.")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("GET", "/emulator/v1/clock")
            options.print(answer) { EmulatorClockCommand.text(answer) }
        }
    }

    struct Advance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "advance", abstract: "Move the clock forward.")
        @OptionGroup var options: EmulatorOptions
        @Argument(help: "Seconds to move forward (more than 0).") var seconds: Double

        func validate() throws {
            guard seconds > 0, seconds.isFinite else { throw ValidationError("the clock only moves forward: give seconds above 0") }
            // The server's own bound: ten years at a time.
            guard seconds <= 10 * 365 * 86400 else { throw ValidationError("the clock moves at most ten years (315360000 s) at a time") }
        }

        func run() async throws {
            let answer = try await options.call("POST", "/emulator/v1/clock", body: .object(["advance_seconds": .number(seconds)]))
            options.print(answer) { EmulatorClockCommand.text(answer) }
        }
    }
}
