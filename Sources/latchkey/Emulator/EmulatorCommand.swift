import ArgumentParser
import EmulatorClient
import Encoding
import Foundation

/// `latchkey emulator`: drives the emulator API (`/emulator/v1`) of a running
/// `latchkey serve --emulator-api`, as `firebase emulators:*` drives the Firebase emulators.
struct EmulatorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator", abstract: "Drive a running server's emulator API: accounts, outbox, clock, faults, snapshots.",
        discussion: """
            Each command is one call of /emulator/v1 on the server at --server (else $LATCHKEY_SERVER, \
            else http://127.0.0.1:8975), started with latchkey serve --emulator-api. --json prints the \
            API's own answer. To keep a whole state across restarts, see latchkey serve --import and \
            --export-on-exit.

            \(exitCodes)
            """,
        subcommands: [
            EmulatorAccountsCommand.self, EmulatorOutboxCommand.self, EmulatorClockCommand.self, EmulatorFaultsCommand.self,
            EmulatorSnapshotCommand.self, EmulatorRequestsCommand.self, EmulatorLimitsCommand.self,
        ])

    static let exitCodes =
        "Exit codes: 0 done, 1 the server refused or did not answer (no emulator API, unknown account or snapshot, no message in time), 2 usage error."
}

/// Where the server is, and how to print its answers.
struct EmulatorOptions: ParsableArguments {
    @Option(help: "The server's base URL (default: $LATCHKEY_SERVER, else http://127.0.0.1:8975).") var server: String?
    @Flag(help: "Print the API's JSON answer.") var json = false

    var serverURL: String { ServerAddress.resolve(server) }

    func validate() throws { try ServerAddress.validate(serverURL) }

    /// Makes one call and returns its answer; a refusal is exit 1 with the reason.
    func call(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: JSONValue? = nil, wait: Double = 0
    ) async throws -> JSONValue {
        do {
            let client = try EmulatorClient(baseURL: serverURL)
            return try await client.answer(method, path, query: query, body: body, wait: wait)
        } catch {
            throw CommandFailure(.failed, "\(error)")
        }
    }

    /// Prints `answer` as JSON with --json (`{}` for a call the API answers with no content),
    /// else runs `text`.
    func print(_ answer: JSONValue, text: () -> Void) {
        if json {
            let shown: JSONValue = answer == .null ? .object([:]) : answer
            Console.write(Array(JSONText.serialize(shown, pretty: true).utf8) + [0x0A])
        } else {
            text()
        }
    }
}

extension JSONValue {
    /// A member as text for a table cell: strings as they are, other values as JSON, "-" when absent.
    func cell(_ key: String) -> String {
        switch self[key] {
        case .string(let s)?: return TerminalText.escaped(s)
        case nil, .null?: return "-"
        case let value?: return JSONText.serialize(value)
        }
    }

    var items: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}
