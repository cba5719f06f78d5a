import ArgumentParser
import Authenticator
import Foundation
import Picker
import WebAuthn

struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Sign in as the Apple sheet would: passkeys, passwords and Sign in with Apple from the vault.",
        discussion: """
            Reads PublicKeyCredentialRequestOptionsJSON from --options FILE or stdin (needed when \
            the modal list has passkey). docs/picker.md has an example; on a terminal it says what it waits \
            for: paste the JSON, then Ctrl-D. Prints the AuthenticationResponseJSON, or for a password \
            {"type":"password","username":…,"password":…}, or for Sign in with Apple \
            {"type":"apple","user":…,"identityToken":…}.

            --display immediate ends at once in AuthCanceled (exit 3) when nothing local matches; \
            always shows the sheet and its fallbacks. Other authorization errors exit 1.
            """
    )

    @OptionGroup var vault: VaultOptions
    @OptionGroup var picker: PickerOptions
    @OptionGroup var hybrid: HybridOptions

    @Option(help: "The origin of the calling page or app.") var origin: String
    @Option(help: "Comma-separated request kinds, in order: passkey, password, apple.", completion: .list(CompletionValues.modal))
    var modal: String = "passkey,password"
    @Option(
        help: "always, immediate or autofill (autofill takes --modal passkey).", completion: .list(["always", "immediate", "autofill"]))
    var display: String = "always"
    @Option(help: "Read the request options from this file instead of stdin.") var options: String?
    @Option(help: "Sign in with Apple: the RP's Services ID.") var appleClientId: String = "com.example.web"
    @Option(help: "Sign in with Apple: the account email on this emulated device.") var appleEmail: String = "user@icloud.example"
    @Option(help: "Sign in with Apple: the account's full name.") var appleName: String?
    @Flag(help: "Sign in with Apple: share a private relay address.") var hideEmail = false
    @Option(help: "Sign in with Apple: the nonce to put in the identity token.") var appleNonce: String?

    func validate() throws {
        guard DisplayMode(rawValue: display) != nil else { throw ValidationError("--display must be always, immediate or autofill") }
        for kind in modal.split(separator: ",") where !["passkey", "password", "apple"].contains(String(kind)) {
            throw ValidationError("--modal takes passkey, password and apple")
        }
        if modal.split(separator: ",").contains("passkey") && (options ?? "-") == "-" {
            try vault.refuseStdinPassphrase(because: "the options come")
        }
    }

    func run() async throws {
        let kinds = modal.split(separator: ",").map(String.init)
        var requests: [AuthorizationRequest] = []
        for kind in kinds {
            switch kind {
            case "passkey":
                let bytes = try InputFile.read(
                    options ?? "-", awaiting: "PublicKeyCredentialRequestOptionsJSON", otherwise: "--options FILE")
                do {
                    requests.append(
                        .passkeyAssertion(try WebAuthnClient.decodeOptions(PublicKeyCredentialRequestOptionsJSON.self, from: bytes)))
                } catch {
                    throw CommandFailure(.failed, error.description)
                }
            case "password": requests.append(.password)
            default: requests.append(.appleID(AppleIDRequest(clientId: appleClientId, nonce: appleNonce)))
            }
        }
        let opened = try vault.open()
        let credentialPicker = try vaultOperation {
            try CredentialPicker(
                vault: opened, appleAccount: .init(email: appleEmail, fullName: appleName, hideEmail: hideEmail),
                publicSuffixList: SystemPublicSuffixList.load())
        }
        credentialPicker.nearbyDevice = try hybrid.nearbyDevice(publicSuffixList: credentialPicker.client.publicSuffixList)
        let driver = try picker.driver()
        let result: AuthorizationResult
        do {
            result = try await credentialPicker.perform(requests, mode: DisplayMode(rawValue: display)!, origin: origin, user: driver)
        } catch {
            if display == "autofill" && kinds != ["passkey"] {
                // Auto-fill offers passkeys only, and the default --modal also asks for passwords.
                Console.error("hint: --display autofill takes passkey requests only: add --modal passkey")
            }
            throw picker.fail(error, driver: driver)
        }
        Console.write(AuthorizationOutput.json(result) + [0x0A])
    }
}

/// The JSON the CLI prints for each kind of result.
enum AuthorizationOutput {
    struct Password: Encodable {
        var type = "password"
        var username: String
        var password: String
    }
    struct Apple: Encodable {
        var type = "apple"
        var user: String
        var email: String?
        var fullName: String?
        var identityToken: String
        var authorizationCode: String
    }

    static func json(_ result: AuthorizationResult) -> [UInt8] {
        switch result {
        case .passkeyAssertion(let a): return WebAuthnJSON.encode(a, pretty: true)
        case .passkeyRegistration(let r): return WebAuthnJSON.encode(r, pretty: true)
        case .password(let u, let p): return WebAuthnJSON.encode(Password(username: u, password: p), pretty: true)
        case .appleID(let c):
            return WebAuthnJSON.encode(
                Apple(
                    user: c.user, email: c.email, fullName: c.fullName, identityToken: c.identityToken,
                    authorizationCode: c.authorizationCode), pretty: true)
        }
    }
}
