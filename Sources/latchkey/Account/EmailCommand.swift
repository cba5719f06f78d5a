import ArgumentParser
import EmulatorClient
import Encoding
import Foundation
import Reach5

/// `latchkey email send|verify`: email verification for the signed-in account.
struct EmailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "email", abstract: "Send the verification email, or verify the address with its code.",
        subcommands: [EmailSendCommand.self, EmailVerifyCommand.self])
}

struct EmailSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send the verification email (prints sent or already-verified).",
        discussion: "Uses the session kept by latchkey login/signup. \(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Option(help: "Where the email's link leads: one of the server's allowed callback URLs (allowed_callback_urls).")
    var redirectUrl: String?

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let redirect = try redirectUrl.map { (text) throws -> URL in
            guard let url = URL(string: text) else { throw ValidationError("--redirect-url \(text) is not a URL") }
            return url
        }
        let response = try await account.withSession(in: vault, r5) { token in
            try await r5.sendEmailVerification(authToken: token, redirectUrl: redirect)
        }
        switch response {
        case .Success: Console.out("already-verified")
        case .VerificationNeeded: Console.out("sent")
        }
    }
}

struct EmailVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify the email address with its code (--code, or --wait-code to read it from the emulator's outbox).",
        discussion:
            "--wait-code asks the server's emulator API (latchkey serve --emulator-api) once a second for up to 30 s. \(AccountOptions.exitCodes)"
    )
    @OptionGroup var account: AccountOptions
    @Option(help: "The address to verify.") var email: String
    @Option(help: "The 6-digit code from the email.") var code: String?
    @Flag(help: "Wait (up to 30 s) for the code in the emulator's outbox (the server needs --emulator-api).") var waitCode = false

    func validate() throws {
        guard (code != nil) != waitCode else { throw ValidationError("give exactly one of --code and --wait-code") }
        if let code { try MfaCodeOptions.requireWellFormed(code) }
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let email = self.email
        let server = account.serverURL
        let code: String
        if let given = self.code {
            code = given
        } else {
            Console.error("waiting up to 30 s for a code to \(TerminalText.escaped(email)) in the emulator's outbox…")
            code = try await account.wait {
                do { return try await EmulatorClient(baseURL: server).latestCode(to: email) } catch EmulatorClientError.noMessage {
                    throw CommandFailure(.failed, "no code was sent to \(email) within 30 s (run latchkey email send first)")
                }
            }
        }
        try await account.withSession(in: vault, r5) { token in try await r5.verifyEmail(authToken: token, code: code, email: email) }
        Console.out("verified \(TerminalText.escaped(email))")
    }
}
