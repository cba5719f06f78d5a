import ArgumentParser
import EmulatorClient
import Encoding
import Foundation
import Picker

/// Where a second factor's code comes from: `--code`, the emulator's outbox (`--wait-code`), or
/// the person at the terminal. Shared by `latchkey mfa register` and `latchkey login`'s step-up.
struct MfaCodeOptions: ParsableArguments {
    @Option(help: "The code the factor received.") var code: String?
    @Flag(help: "Wait (up to 30 s) for the code in the emulator's outbox (the server needs --emulator-api).") var waitCode = false

    func validate() throws {
        guard !(code != nil && waitCode) else { throw ValidationError("give at most one of --code and --wait-code") }
        if let code { try Self.requireWellFormed(code) }
    }

    /// A code the server sends is 6 digits: anything else is refused here, before it reaches the
    /// server and spends one of the code's few guesses.
    static func requireWellFormed(_ code: String) throws {
        guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ValidationError("--code takes the 6 digits the message carries")
        }
    }

    /// Where the outbox stands before the action that sends the code, so `--wait-code` reads
    /// only a code sent after it (never an older one to the same address).
    func outboxCursor(server: String) async throws -> Int64? {
        guard waitCode else { return nil }
        return try await EmulatorClient(baseURL: server).outboxCursor()
    }

    /// The code for a message the server has just sent on `channel` (to `recipient` when known;
    /// for a step-up, the message naming `challenge`, so another step-up's code or any other
    /// mail is never taken), or nil when there is no way to get one here (no flag and no
    /// terminal): the caller says how to pass it.
    func obtain(
        server: String, after cursor: Int64?, channel: OutboxMessage.Channel, recipient: String?, challenge: String? = nil
    ) async throws -> String? {
        if let code { return code }
        if waitCode {
            let where_ = recipient.map { " to \(TerminalText.escaped($0))" } ?? ""
            Console.error("waiting up to 30 s for the \(channel == .sms ? "SMS" : "email") code\(where_) in the emulator's outbox…")
            let client = try EmulatorClient(baseURL: server)
            let outcome: Result<OutboxMessage, EmulatorClientError>
            do {
                outcome = .success(
                    try await client.waitForMessage(to: recipient, channel: channel, after: cursor) { message in
                        message.code != nil && (challenge == nil || message.challengeId == challenge)
                    })
            } catch {
                outcome = .failure(error)
            }
            switch outcome {
            case .success(let message): return message.code
            case .failure(.noMessage): throw CommandFailure(.failed, "no \(channel.rawValue) code\(where_) reached the outbox within 30 s")
            case .failure(let other): throw other
            }
        }
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        FileHandle.standardError.write(Data("code sent by \(channel == .sms ? "SMS" : "email"); type it: ".utf8))
        let typed = try await TerminalThread.run { readLine(strippingNewline: true) }
        guard let line = typed?.trimmingCharacters(in: .whitespaces), !line.isEmpty else {
            throw CommandFailure(.authCanceled, "no code was typed")
        }
        return line
    }
}
