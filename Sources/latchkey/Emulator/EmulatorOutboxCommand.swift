import ArgumentParser
import Encoding
import Foundation

/// `latchkey emulator outbox`: the emails and SMS the server sent, with their codes and links.
struct EmulatorOutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox", abstract: "The emails and SMS the server sent: list (default), clear.",
        discussion: EmulatorCommand.exitCodes, subcommands: [List.self, Clear.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List messages, oldest first (id, channel, recipient, code, link).",
            discussion: "--wait holds the request up to that many seconds (at most 60) until a message matches; with none, it exits 1.")
        @OptionGroup var options: EmulatorOptions
        @Option(help: "Only messages to this address or number.") var to: String?
        @Option(help: "Only email or sms.") var channel: Channel?
        @Option(help: "Only messages with a greater id (a cursor).") var afterId: Int64?
        @Option(help: "Seconds to wait for a matching message (0–60).") var wait: Double = 0

        enum Channel: String, ExpressibleByArgument, CaseIterable { case email, sms }

        func validate() throws {
            guard (0...60).contains(wait) else { throw ValidationError("--wait must be 0–60 seconds") }
            if let afterId, afterId < 0 { throw ValidationError("--after-id must not be negative") }
        }

        func run() async throws {
            var query: [URLQueryItem] = []
            if let to { query.append(.init(name: "to", value: to)) }
            if let channel { query.append(.init(name: "channel", value: channel.rawValue)) }
            if let afterId { query.append(.init(name: "after_id", value: String(afterId))) }
            if wait > 0 { query.append(.init(name: "wait", value: String(wait))) }
            let answer = try await options.call("GET", "/emulator/v1/outbox", query: query, wait: wait)
            let messages = answer["messages"]?.items ?? []
            options.print(answer) {
                if messages.isEmpty { Console.out("no messages") }
                for m in messages {
                    Console.out("\(m.cell("id"))  \(m.cell("channel"))  \(m.cell("to"))  code \(m.cell("code"))  link \(m.cell("link"))")
                }
            }
            if wait > 0 && messages.isEmpty { throw CommandFailure(.failed, "no message arrived within \(wait) s") }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the outbox (ids keep growing after it).")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("DELETE", "/emulator/v1/outbox")
            options.print(answer) { Console.out("cleared") }
        }
    }
}
