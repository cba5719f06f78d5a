import ArgumentParser

/// `latchkey ctap …`: the authenticator as a CTAP 2.1 device.
struct CTAPGroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctap", abstract: "Run the authenticator as a CTAP 2.1 / U2F device for FIDO hosts.",
        subcommands: [CTAPServeCommand.self])
}
