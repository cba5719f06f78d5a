import ArgumentParser

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a WebAuthn registration or authentication response as a relying party would.",
        discussion: "Prints a JSON verdict. Exits 0 when valid, 1 when invalid (the verdict names the failing step).",
        subcommands: [VerifyRegistrationCommand.self, VerifyAuthenticationCommand.self]
    )
}

/// Options both ceremonies share.
