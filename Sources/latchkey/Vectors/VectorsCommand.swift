import ArgumentParser

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Generate and verify WebAuthn test vectors in the shared case format.",
        subcommands: [VectorsGenerateCommand.self, VectorsVerifyCommand.self]
    )
}
