import ArgumentParser
import Encoding
import Foundation
import Reach5

/// `latchkey mfa delete email|phone --phone P`: removes a second factor (`mfaDeleteCredential`).
struct MfaDeleteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Remove the email factor, or the phone factor with --phone.",
        discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Argument(help: "email or phone.") var kind: MfaFactorKind
    @Option(help: "The phone number of the factor to remove (with phone).") var phone: String?

    func validate() throws { try kind.validate(phone: phone) }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let phone = kind == .phone ? self.phone : nil
        try await account.withSession(in: vault, r5) { token in try await r5.mfaDeleteCredential(phone, authToken: token) }
        Console.out("deleted \(kind.rawValue) factor" + (phone.map { " \(TerminalText.escaped($0))" } ?? ""))
    }
}
