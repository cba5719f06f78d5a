import ArgumentParser
import Foundation

/// `latchkey emulator requests`: the request journal (secrets redacted).
struct EmulatorRequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests", abstract: "The last requests the server answered, oldest first.", discussion: EmulatorCommand.exitCodes)
    @OptionGroup var options: EmulatorOptions
    @Option(help: "How many (1–1000).") var limit: Int = 50

    func validate() throws { guard (1...1000).contains(limit) else { throw ValidationError("--limit must be 1–1000") } }

    func run() async throws {
        let answer = try await options.call("GET", "/emulator/v1/requests", query: [.init(name: "limit", value: String(limit))])
        options.print(answer) {
            let requests = answer["requests"]?.items ?? []
            if requests.isEmpty { Console.out("no requests") }
            for r in requests {
                Console.out("\(r.cell("at"))  \(r.cell("method")) \(r.cell("path"))  \(r.cell("status"))  \(r.cell("duration_ms")) ms")
            }
        }
    }
}
