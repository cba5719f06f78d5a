import ArgumentParser
import Authenticator
import Foundation
import Picker
import WebAuthn

struct CreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a passkey in the vault through the create sheet, and print the RegistrationResponseJSON.",
        discussion:
            "Reads PublicKeyCredentialCreationOptionsJSON from --options FILE or stdin (on a terminal it says so, and waits for Ctrl-D; docs/picker.md has an example). A local passkey in excludeCredentials ends in matchedExcludedCredential (exit 1); dismissing the sheet (--choose cancel) is AuthCanceled (exit 3)."
    )

    @OptionGroup var vault: VaultOptions
    @OptionGroup var picker: PickerOptions
    @OptionGroup var hybrid: HybridOptions

    @Option(help: "The origin of the calling page or app.") var origin: String
    @Option(help: "Authenticator profile: icloud or security-key.", completion: .list(CompletionValues.profiles)) var profile: String =
        "icloud"
    @Option(help: "Read the creation options from this file instead of stdin.") var options: String?

    func validate() throws {
        guard AuthenticatorProfile.named(profile) != nil else { throw ValidationError("--profile must be icloud or security-key") }
        if (options ?? "-") == "-" { try vault.refuseStdinPassphrase(because: "the options come") }
    }

    func run() async throws {
        let bytes = try InputFile.read(options ?? "-", awaiting: "PublicKeyCredentialCreationOptionsJSON", otherwise: "--options FILE")
        let creation: PublicKeyCredentialCreationOptionsJSON
        do { creation = try WebAuthnClient.decodeOptions(PublicKeyCredentialCreationOptionsJSON.self, from: bytes) } catch {
            throw CommandFailure(.failed, error.description)
        }
        let opened = try vault.open()
        let credentialPicker = try vaultOperation {
            try CredentialPicker(
                vault: opened, profile: AuthenticatorProfile.named(profile)!, publicSuffixList: SystemPublicSuffixList.load())
        }
        credentialPicker.nearbyDevice = try hybrid.nearbyDevice(publicSuffixList: credentialPicker.client.publicSuffixList)
        let driver = try picker.driver()
        let result: AuthorizationResult
        do {
            result = try await credentialPicker.perform([.passkeyRegistration(creation)], mode: .always, origin: origin, user: driver)
        } catch {
            throw picker.fail(error, driver: driver)
        }
        Console.write(AuthorizationOutput.json(result) + [0x0A])
    }
}
