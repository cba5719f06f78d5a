import ArgumentParser
import Picker

struct VaultAppleJWKSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-jwks",
        abstract: "Print the JWKS of the local Sign in with Apple issuer, to verify its identity tokens.",
        discussion: "The issuer key is created in the vault on first use.")
    @OptionGroup var options: VaultOptions

    func run() throws {
        let vault = try options.open()
        let issuer = try vaultOperation { try AppleIDIssuer.load(from: vault) }
        Console.out(issuer.jwks)
    }
}
