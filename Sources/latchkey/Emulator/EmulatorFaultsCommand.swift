import ArgumentParser
import Encoding

/// `latchkey emulator faults`: planned failures of the next requests to a path.
struct EmulatorFaultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "faults", abstract: "Planned failures: list (default), add, clear.",
        discussion: EmulatorCommand.exitCodes, subcommands: [List.self, Add.self, Clear.self], defaultSubcommand: List.self)

    static func text(_ answer: JSONValue) {
        let faults = answer["faults"]?.items ?? []
        if faults.isEmpty { Console.out("no faults planned") }
        for f in faults {
            Console.out(
                "\(f.cell("path"))  status \(f.cell("status"))  error \(f.cell("error"))  remaining \(f.cell("count"))  delay \(f.cell("delay_ms")) ms"
            )
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "The faults still pending.")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("GET", "/emulator/v1/faults")
            options.print(answer) { EmulatorFaultsCommand.text(answer) }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Make the next requests to a path fail (or answer late).",
            discussion: "Prints every fault still pending.")
        @OptionGroup var options: EmulatorOptions
        @Option(help: "The request path, as /identity/v1/signup.") var path: String
        @Option(help: "The HTTP status to answer (400–599).") var status: Int = 500
        @Option(help: "The ReachFive error code of the answer.") var error: String?
        @Option(help: "How many requests fail.") var count: Int = 1
        @Option(help: "Milliseconds to wait before answering.") var delayMs: Int = 0

        func validate() throws {
            guard path.hasPrefix("/") else { throw ValidationError("--path must start with /") }
            guard (400...599).contains(status) else { throw ValidationError("--status must be 400–599") }
            guard count >= 1 else { throw ValidationError("--count must be at least 1") }
            guard delayMs >= 0 else { throw ValidationError("--delay-ms must not be negative") }
        }

        func run() async throws {
            var body: [String: JSONValue] = [
                "path": .string(path), "status": .number(Double(status)), "count": .number(Double(count)),
                "delay_ms": .number(Double(delayMs)),
            ]
            if let error { body["error"] = .string(error) }
            let answer = try await options.call("POST", "/emulator/v1/faults", body: .object(body))
            options.print(answer) { EmulatorFaultsCommand.text(answer) }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Cancel every planned fault.")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("DELETE", "/emulator/v1/faults")
            options.print(answer) { Console.out("cleared") }
        }
    }
}
