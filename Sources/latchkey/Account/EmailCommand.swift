import ArgumentParser
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Encoding
import Reach5

/// `latchkey email send|verify`: email verification for the signed-in account.
struct EmailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email", abstract: "Send the verification email, or verify the address with its code.",
        subcommands: [EmailSendCommand.self, EmailVerifyCommand.self])
}

struct EmailSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "send", abstract: "Send the verification email (prints sent or already-verified).")
    @OptionGroup var account: AccountOptions
    @Option(help: "Where the email's link leads.") var redirectUrl: String?

    func run() throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let redirect = redirectUrl
        let response = try account.withSession(in: vault, r5) { token in try await r5.sendEmailVerification(authToken: token, redirectUrl: redirect) }
        switch response {
        case .Success: Console.out("already-verified")
        case .VerificationNeeded: Console.out("sent")
        }
    }
}

struct EmailVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify", abstract: "Verify the email address with its code (--code, or --wait-code to read it from the emulator's outbox).")
    @OptionGroup var account: AccountOptions
    @Option(help: "The address to verify.") var email: String
    @Option(help: "The 6-digit code from the email.") var code: String?
    @Flag(help: "Wait (up to 30 s) for the code in the emulator's outbox (the server needs --emulator-api).") var waitCode = false

    func validate() throws {
        guard (code != nil) != waitCode else { throw ValidationError("give exactly one of --code and --wait-code") }
    }

    func run() throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let email = self.email, server = account.serverURL
        let code = try code ?? account.wait { try await Self.outboxCode(server: server, to: email) }
        try account.withSession(in: vault, r5) { token in try await r5.verifyEmail(authToken: token, code: code, email: email) }
        Console.out("verified \(TerminalText.escaped(email))")
    }

    static func outboxCode(server: String, to email: String) async throws -> String {
        var c = URLComponents(string: server + "/emulator/v1/outbox")!
        c.queryItems = [URLQueryItem(name: "to", value: email.lowercased()), URLQueryItem(name: "channel", value: "email"), URLQueryItem(name: "wait", value: "30")]
        let (data, response) = try await URLSession.shared.data(from: c.url!)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let code = (object["messages"] as? [[String: Any]])?.last?["code"] as? String else {
            throw CommandFailure(.failed, "no code for \(email) in the emulator's outbox (is the server running with --emulator-api?)")
        }
        return code
    }
}
