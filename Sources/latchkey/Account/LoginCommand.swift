import ArgumentParser
import Encoding
import Foundation
import Picker
import Reach5

/// `latchkey login`: the modal login, as `login(withRequest:usingModalAuthorizationFor:display:)`.
struct LoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Log in with the credentials in the vault, through the picker (the modal sheet).",
        discussion: """
            --modal lists the kinds the sheet offers, in order (passkey, password, apple); apple is offered \
            only when the server's providers list names it (a server with Apple issuer keys), as the SDK \
            does, and dropped otherwise. --display \
            immediate ends at once in AuthCanceled (exit 3) when the vault holds none of them for the \
            server's RP, as .IfImmediatelyAvailableCredentials does. The session is kept in the vault; \
            tokens are printed only with --json. A server that asks for a second factor (MFA step-up, \
            after a password) gets the code --mfa names: --wait-code reads it from the emulator's \
            outbox, --code gives it, and on a terminal it is asked for; with none of them and no \
            terminal the command says a step-up is needed and exits 1. --trust-device keeps the \
            server's trusted-device cookie in the vault, so later logins from this vault skip the \
            step-up until the device is deleted (latchkey mfa devices delete). \
            --provider NAME logs in through a social provider's web login instead (google and facebook \
            on a default latchkey serve, emulated there): the headless browser signs in as --identity \
            EMAIL on the provider's page, adding that identity when the provider has none (its email \
            verified by the provider unless --unverified), or as the first identity it lists. \
            --web logs in through the server's hosted login page (webviewLogin): the headless browser \
            fills it with the password the vault saved for the server's site (latchkey signup \
            --save-password; --choose user:NAME picks one), and keeps the server's SSO cookie in the \
            vault, so the next --web login is silent until latchkey logout. \
            Exit codes: 0 logged in, 1 failed (also: step-up needed), 2 usage, 3 AuthCanceled, \
            4 wrong vault passphrase, 5 vault damaged or tampered with.
            """)
    @OptionGroup var account: AccountOptions
    @OptionGroup var picker: PickerOptions
    @Option(help: "Credential kinds, comma-separated, in order: passkey, password, apple.", completion: .list(CompletionValues.modal))
    var modal: String = "passkey,password,apple"
    @Option(help: "always (show the sheet) or immediate (only if a credential is available).", completion: .list(["always", "immediate"]))
    var display: String = "always"
    @Option(help: "Log in through this social provider's web login (google, facebook, …) instead of the sheet.")
    var provider: String?
    @Option(help: "With --provider: the identity (email) to sign in as on the provider's page.") var identity: String?
    @Flag(help: "With --provider: an identity added by --identity has an email the provider did not verify.") var unverified = false
    @Flag(help: "Log in through the server's hosted login page (a web login) instead of the sheet.") var web = false
    @OptionGroup var stepUp: LoginStepUpOptions
    @Flag(help: "Print the tokens as JSON.") var json = false

    func kinds() throws -> [ModalAuthorization] {
        try modal.split(separator: ",").map { name -> ModalAuthorization in
            switch name.trimmingCharacters(in: .whitespaces) {
            case "passkey": return .Passkey
            case "password": return .Password
            case "apple": return .SignInWithApple
            default: throw ValidationError("--modal: unknown kind \(name) (passkey, password, apple)")
            }
        }
    }

    func validate() throws {
        guard try !kinds().isEmpty else { throw ValidationError("--modal names no kind") }
        guard ["always", "immediate"].contains(display) else { throw ValidationError("--display must be always or immediate") }
        if provider == nil, identity != nil || unverified { throw ValidationError("--identity and --unverified go with --provider NAME") }
        if provider?.isEmpty == true { throw ValidationError("--provider needs a provider name") }
        if web && provider != nil { throw ValidationError("give at most one of --web and --provider NAME") }
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let driver = try picker.driver()
        let presentation = try HeadlessPresentation(vault: vault, user: driver)
        if let identity { presentation.providerIdentity = .email(identity, verified: !unverified) }
        let kinds = try kinds()
        let providerName = provider
        let web = self.web
        let mode: Mode = display == "always" ? .Always : .IfImmediatelyAvailableCredentials
        let (stepUp, server) = (self.stepUp, account.serverURL)
        try account.restoreCookies(from: vault, into: r5)
        let token: AuthToken
        do {
            token = try await account.wait {
                try await r5.initialize()
                if let providerName {
                    guard let provider = r5.getProvider(name: providerName) else {
                        let offered = r5.getProviders().map(\.name).joined(separator: ", ")
                        throw CommandFailure(
                            .failed,
                            "the server offers no provider named \(providerName) (it offers: \(offered.isEmpty ? "none" : offered))")
                    }
                    return try await provider.login(scope: nil, origin: "latchkey login", presenting: Presentation(from: presentation))
                }
                if web { return try await r5.webviewLogin(WebviewLoginRequest(presentationContextProvider: presentation)) }
                do {
                    switch try await r5.login(
                        withRequest: NativeLoginRequest(presenting: Presentation(from: presentation)), usingModalAuthorizationFor: kinds,
                        display: mode)
                    {
                    case .AchievedLogin(let authToken): return authToken
                    case .OngoingStepUp(let stepUpToken, let available):
                        return try await stepUp.complete(token: stepUpToken, available: available, r5: r5, server: server)
                    }
                } catch let error as ReachFiveError where error.isNoAppleProvider {
                    // Only when apple was the one kind left: the SDK drops a kind the server does not offer.
                    throw CommandFailure(
                        .failed,
                        "the server does not offer Sign in with Apple (its /api/v1/providers names no Apple provider): "
                            + "start it with apple.jwks or apple.jwks_file in its --config, or leave apple out of --modal")
                } catch let error as ReachFiveError where error.isPasskeyRefused {
                    // The usual cause: the vault holds a passkey this server never registered (another
                    // server, or an earlier run of an in-memory one, with the same RP id).
                    throw CommandFailure(
                        .failed,
                        CommandFailure(error).message
                            + "\nhint: the vault may hold a passkey from another server or an earlier in-memory run; "
                            + "pick another with --choose user:NAME or index:N (--verbose lists them), or use one vault per server")
                }
            }
        } catch let failure as CommandFailure where failure.status == .authCanceled {
            throw picker.canceled(driver)
        }
        try account.keepCookies(of: r5, in: vault)
        let user = token.user?.email ?? token.user?.phoneNumber ?? token.user?.id ?? "-"
        try await account.startSession(token, user: user, in: vault, r5)
        if json { TokenSummary.print(token) } else { Console.out("logged in \(TerminalText.escaped(user))") }
    }
}
