import ArgumentParser
import Encoding
import Foundation
import Reach5

/// `latchkey mfa devices [list] | devices delete ID`: the devices that skip the step-up.
struct MfaDevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices", abstract: "List the account's trusted devices, or delete one.",
        subcommands: [MfaDevicesListCommand.self, MfaDevicesDeleteCommand.self], defaultSubcommand: MfaDevicesListCommand.self)
}

struct MfaDevicesListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the trusted devices (id, trusted at, device).", discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Flag(help: "Print the devices as JSON.") var json = false

    /// One device as `--json` prints it.
    struct Entry: Encodable {
        var id: String
        var createdAt: String
        var deviceName: String?
        var operatingSystem: String?
        var userAgent: String?
        var ip: String?
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let devices = try await account.withSession(in: vault, r5) { token in try await r5.mfaListTrustedDevices(authToken: token) }
        let entries = devices.map {
            Entry(
                id: $0.id, createdAt: $0.createdAt, deviceName: $0.metadata.deviceName, operatingSystem: $0.metadata.operatingSystem,
                userAgent: $0.metadata.userAgent, ip: $0.metadata.ip)
        }
        if json {
            Console.writeJSON(entries, snakeCase: true)
            return
        }
        if entries.isEmpty { Console.out("no trusted device") }
        for e in entries {
            let device = e.deviceName ?? e.userAgent ?? e.operatingSystem ?? "-"
            Console.out("\(e.id)  \(e.createdAt)  \(TerminalText.escaped(device))")
        }
    }
}

struct MfaDevicesDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Stop trusting a device: its next login asks for the step-up again.",
        discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Argument(help: "The device id (from latchkey mfa devices).") var id: String

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let id = self.id
        try await account.withSession(in: vault, r5) { token in try await r5.mfaDelete(trustedDeviceId: id, authToken: token) }
        Console.out("deleted trusted device \(TerminalText.escaped(id))")
    }
}
