import ArgumentParser
import Encoding
import Foundation
import Reach5

/// `latchkey mfa list`: the account's second factors.
struct MfaListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the account's second factors (type, address, registered at).",
        discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Flag(help: "Print the factors as JSON.") var json = false

    /// One factor as `--json` prints it.
    struct Entry: Encodable {
        var type: String
        var email: String?
        var phoneNumber: String?
        var friendlyName: String
        var createdAt: String
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let listed = try await account.withSession(in: vault, r5) { token in try await r5.mfaListCredentials(authToken: token) }
        let entries = listed.credentials.map {
            Entry(
                type: MfaFactorKind($0.type).rawValue, email: $0.email, phoneNumber: $0.phoneNumber, friendlyName: $0.friendlyName,
                createdAt: $0.createdAt
            )
        }
        if json {
            Console.writeJSON(entries, snakeCase: true)
            return
        }
        if entries.isEmpty { Console.out("no second factor") }
        for e in entries {
            let address = e.email ?? e.phoneNumber ?? "-"
            Console.out("\(e.type.padding(toLength: 6, withPad: " ", startingAt: 0)) \(TerminalText.escaped(address))  \(e.createdAt)")
        }
    }
}
