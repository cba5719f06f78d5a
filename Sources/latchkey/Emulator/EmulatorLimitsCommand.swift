import ArgumentParser

/// `latchkey emulator limits`: the code and rate limits the server enforces.
struct EmulatorLimitsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limits", abstract: "The code and rate limits in force.", discussion: EmulatorCommand.exitCodes)
    @OptionGroup var options: EmulatorOptions

    func run() async throws {
        let answer = try await options.call("GET", "/emulator/v1/limits")
        options.print(answer) {
            if case .object(let members) = answer {
                for key in members.keys.sorted() { Console.out("\(key) \(answer.cell(key))") }
            }
        }
    }
}
