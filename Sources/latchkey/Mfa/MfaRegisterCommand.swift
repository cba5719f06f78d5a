import ArgumentParser
import EmulatorClient
import Encoding
import Foundation
import Reach5

/// `latchkey mfa register email|phone`: registers a second factor, as `mfaStart(registering:)`
/// then `mfaVerify(_:code:authToken:)`.
struct MfaRegisterCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "register", abstract: "Register the account's email or a phone number as a second factor.",
        discussion: """
            The server sends a code to the factor (none when the address is already verified: it is \
            registered at once). --wait-code reads it from the emulator's outbox; --code CODE \
            completes a registration started earlier (it sends nothing); with neither, the code is \
            asked for on a terminal, and elsewhere the command says how to finish and exits 0. \
            \(AccountOptions.exitCodes)
            """)
    @OptionGroup var account: AccountOptions
    @Argument(help: "email or phone.") var kind: MfaFactorKind
    @Option(help: "The phone number to register (with phone), in international form (+33...).") var phone: String?
    @OptionGroup var codeOptions: MfaCodeOptions

    func validate() throws { try kind.validate(phone: phone) }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let (kind, phone, codeOptions, server) = (self.kind, self.phone, self.codeOptions, account.serverURL)
        let credentialType: CredentialType = kind == .email ? .Email : .PhoneNumber
        if let code = codeOptions.code {
            let item = try await account.withSession(in: vault, r5) { token in
                try await r5.mfaVerify(credentialType, code: code, authToken: token)
            }
            Console.out("registered \(Self.describe(item))")
            return
        }
        let item = try await account.withSession(in: vault, r5) { token -> MfaCredentialItem? in
            let recipient = kind == .email ? try await r5.getProfile(authToken: token).email : nil
            let cursor = try await codeOptions.outboxCursor(server: server)
            let credential: Credential = kind == .email ? .Email() : .PhoneNumber(phone ?? "")
            switch try await r5.mfaStart(registering: credential, authToken: token) {
            case .Success(let item): return item
            case .VerificationNeeded:
                let channel: OutboxMessage.Channel = kind == .email ? .email : .sms
                guard let code = try await codeOptions.obtain(server: server, after: cursor, channel: channel, recipient: recipient) else {
                    return nil
                }
                return try await r5.mfaVerify(credentialType, code: code, authToken: token)
            }
        }
        guard let item else {
            let extra = kind == .phone ? " --phone \(phone ?? "")" : ""
            Console.out("code sent; finish with: latchkey mfa register \(kind.rawValue)\(extra) --code CODE")
            return
        }
        Console.out("registered \(Self.describe(item))")
    }

    static func describe(_ item: MfaCredentialItem) -> String {
        "\(MfaFactorKind(item.type).rawValue) \(TerminalText.escaped(item.email ?? item.phoneNumber ?? item.friendlyName))"
    }
}
