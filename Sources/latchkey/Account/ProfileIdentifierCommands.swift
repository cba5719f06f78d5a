import ArgumentParser
import Foundation
import Reach5

/// `latchkey profile update-email`: a new email address for the signed-in account, through the
/// server's /identity/v1/update-email (which `profile update --set email=` is refused for).
struct ProfileUpdateEmailCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-email", abstract: "Change the account's email address (the server sends a verification email to it).",
        discussion:
            "Prints the updated profile as JSON; the new address is unverified until `latchkey email verify`. \(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Option(help: "The new email address.") var email: String
    @Option(help: "Where the verification email's link leads: one of the server's allowed callback URLs (allowed_callback_urls).")
    var redirectUrl: String?

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let email = self.email
        let redirect = try redirectUrl.map { (text) throws -> URL in
            guard let url = URL(string: text) else { throw ValidationError("--redirect-url \(text) is not a URL") }
            return url
        }
        let profile = try await account.withSession(in: vault, r5) { token in
            try await r5.updateEmail(authToken: token, email: email, redirectUrl: redirect)
        }
        printProfile(profile)
    }
}

/// `latchkey profile update-phone`: a new phone number for the signed-in account, through the
/// server's /identity/v1/update-phone-number.
struct ProfileUpdatePhoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update-phone", abstract: "Change the account's phone number (with SMS on, the server texts a code to it).",
        discussion:
            "A national number is read in the server's default country (FR unless its configuration says otherwise); the server stores E.164. Prints the updated profile as JSON. \(AccountOptions.exitCodes)"
    )
    @OptionGroup var account: AccountOptions
    @Option(help: "The new phone number (E.164, or national in the server's default country, FR unless configured).") var phone: String

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let phone = self.phone
        let profile = try await account.withSession(in: vault, r5) { token in
            try await r5.updatePhoneNumber(authToken: token, phoneNumber: phone)
        }
        printProfile(profile)
    }
}
