import ArgumentParser
import Encoding
import Foundation

/// `latchkey emulator accounts`: list, create, clear, and one account's MFA state.
struct EmulatorAccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts", abstract: "The server's accounts: list (default), create, clear, mfa ID.",
        discussion: EmulatorCommand.exitCodes,
        subcommands: [List.self, Create.self, Clear.self, Mfa.self], defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List every account (uid, email, phone, passkeys).")
        @OptionGroup var options: EmulatorOptions

        func run() async throws {
            let answer = try await options.call("GET", "/emulator/v1/accounts")
            options.print(answer) {
                let accounts = answer["accounts"]?.items ?? []
                if accounts.isEmpty { Console.out("no accounts") }
                for a in accounts {
                    let passkeys = a["passkeys"]?.items.count ?? 0
                    Console.out(
                        "\(a.cell("uid"))  email \(a.cell("email")) (verified \(a.cell("email_verified")))  phone \(a.cell("phone_number"))  passkeys \(passkeys)  logins \(a.cell("logins_count"))"
                    )
                }
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Create an account from a ReachFive profile (email or phone_number, password, names…).",
            discussion:
                "The profile is a JSON object, given with --profile or on stdin (-): a profile with a password belongs on stdin, where shell history and ps do not see it. Prints the new account's uid."
        )
        @OptionGroup var options: EmulatorOptions
        @Option(help: "The profile as JSON, or - for standard input.") var profile: String

        func run() async throws {
            let text = profile == "-" ? try Console.readStdin(limit: 1 << 20, awaiting: "the profile JSON") : Array(profile.utf8)
            let body: JSONValue
            do { body = try StrictJSON.parse(text) } catch { throw CommandFailure(.usage, "--profile: \(error)") }
            guard case .object = body else { throw CommandFailure(.usage, "--profile must be a JSON object") }
            let answer = try await options.call("POST", "/emulator/v1/accounts", body: body)
            options.print(answer) { Console.out(answer.cell("uid")) }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clear", abstract: "Delete every account and everything that belongs to one.")
        @OptionGroup var options: EmulatorOptions
        @Flag(help: "Confirm deleting every account.") var yes = false

        func validate() throws { guard yes else { throw ValidationError("accounts clear deletes every account: add --yes") } }

        func run() async throws {
            let answer = try await options.call("DELETE", "/emulator/v1/accounts")
            options.print(answer) { Console.out("cleared") }
        }
    }

    struct Mfa: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mfa", abstract: "One account's second factors, trusted devices and pending step-ups.")
        @OptionGroup var options: EmulatorOptions
        @Argument(help: "The account's uid.") var id: String

        func run() async throws {
            // An account id is base64url: anything else names no account, and is not sent as a path.
            guard !id.isEmpty, id.count <= 64, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else {
                throw CommandFailure(.usage, "'\(TerminalText.escaped(id))' is not an account id (the uid accounts prints)")
            }
            let answer = try await options.call("GET", "/emulator/v1/accounts/\(id)/mfa")
            options.print(answer) {
                let credentials = answer["credentials"]?.items ?? []
                if credentials.isEmpty { Console.out("no second factor") }
                for c in credentials {
                    Console.out("factor \(c.cell("type")) \(c.cell("target"))")
                }
                for d in answer["trusted_devices"]?.items ?? [] {
                    Console.out(
                        "trusted device \(d.cell("id"))  until \(d.cell("expires_at"))  \(d["metadata"]?.cell("user_agent") ?? "-")")
                }
                Console.out("pending step-ups \(answer.cell("pending_step_ups"))")
            }
        }
    }
}
