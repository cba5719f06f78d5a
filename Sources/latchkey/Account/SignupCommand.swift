import ArgumentParser
import Encoding
import Foundation
import Picker
import Reach5
import Vault

/// `latchkey signup`: a new account on the identity server, with a password or a passkey.
struct SignupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signup", abstract: "Sign up on the identity server, with a password (from stdin) or a passkey.",
        discussion: """
            With --passkey, the passkey is created through the picker and kept in the vault, so a later \
            `latchkey login` finds it. A password signup saves the password only with --save-password \
            (the SDK never does; iOS offers to), for the --domain site, replacing one saved there for \
            the same user, so a later `latchkey login --modal password` finds it. The session is kept \
            in the vault (kind "session"); tokens are printed only with --json. Exit codes: 0 signed up, 1 refused by the server or unreachable, \
            2 usage, 3 AuthCanceled, 4 wrong vault passphrase, 5 vault damaged or tampered with.
            """)
    @OptionGroup var account: AccountOptions
    @OptionGroup var picker: PickerOptions
    @Option(help: "Email address.") var email: String?
    @Option(help: "Phone number (E.164, or national in the server's default country: FR unless configured).") var phone: String?
    @Option(help: "Custom identifier.") var customIdentifier: String?
    @Option(help: "Given name.") var givenName: String?
    @Option(help: "Family name.") var familyName: String?
    @Flag(help: "Read the password from stdin.") var passwordStdin = false
    @Flag(help: "Sign up with a passkey instead of a password.") var passkey = false
    @Flag(help: "Save the password in the vault for the --domain site and the server's own (as iOS's \"Save Password?\" does).")
    var savePassword = false
    @Flag(help: "Print the tokens as JSON.") var json = false

    func validate() throws {
        guard email != nil || phone != nil || customIdentifier != nil else {
            throw ValidationError("give --email, --phone or --custom-identifier")
        }
        guard passwordStdin != passkey else { throw ValidationError("give exactly one of --password-stdin and --passkey") }
        guard !savePassword || passwordStdin else { throw ValidationError("--save-password needs --password-stdin") }
        if passwordStdin { try account.vaultOptions.refuseStdinPassphrase(because: "the password (--password-stdin) comes") }
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let user = email ?? phone ?? customIdentifier ?? ""
        let token: AuthToken
        var saved: PasswordItem?
        if passkey {
            let driver = try picker.driver()
            let presentation = try HeadlessPresentation(vault: vault, user: driver, profile: .icloud)
            let profile = ProfilePasskeySignupRequest(
                email: email, phoneNumber: phone, customIdentifier: customIdentifier, givenName: givenName,
                familyName: familyName)
            do {
                token = try await account.wait {
                    try await r5.initialize()
                    return try await r5.signup(
                        withRequest: PasskeySignupRequest(
                            passkeyProfile: profile, friendlyName: user, presenting: Presentation(from: presentation)))
                }
            } catch let failure as CommandFailure where failure.status == .authCanceled {
                throw picker.canceled(driver)
            }
        } else {
            var bytes = try Console.readStdin(limit: 64 * 1024)
            if bytes.last == 0x0A { bytes.removeLast() }
            guard let password = String(validating: bytes, as: UTF8.self), !password.isEmpty else {
                throw CommandFailure(.usage, "the password on stdin is empty or not UTF-8")
            }
            let profile = ProfileSignupRequest(
                password: password, email: email, phoneNumber: phone, customIdentifier: customIdentifier,
                givenName: givenName, familyName: familyName)
            token = try await account.wait {
                try await r5.initialize()
                switch try await r5.signup(profile: profile) {
                case .AchievedLogin(let authToken): return authToken
                case .AwaitingIdentifierVerification:
                    throw ReachFiveError.AuthFailure(
                        reason: "AwaitingIdentifierVerification: the account must verify its email or phone number before it logs in")
                }
            }
            if savePassword { saved = PasswordItem(domain: account.domain, username: user, password: password) }
        }
        // The session names the account as the server spells it (an email lower-cased, a phone
        // number in E.164), as its passkey does, not as it was typed.
        let accountName = token.user?.email ?? token.user?.phoneNumber ?? user
        try await account.startSession(token, user: accountName, in: vault, r5)
        if let saved {
            _ = try vaultOperation { try vault.savePassword(saved, replacingExisting: true) }
            // And for the server's own site, as the app's associated domain is its ReachFive
            // domain: the hosted login page (latchkey login --web) finds it there, as AutoFill would.
            if let server = URL(string: account.serverURL), let host = server.host {
                var web = saved
                web.domain = "\(server.scheme ?? "https")://\(host)\(server.port.map { ":\($0)" } ?? "")"
                _ = try vaultOperation { try vault.savePassword(web, replacingExisting: true) }
            }
        }
        if json {
            TokenSummary.print(token)
        } else {
            Console.out("signed up \(TerminalText.escaped(accountName)) (\(token.user?.id ?? "-"))")
        }
    }
}
