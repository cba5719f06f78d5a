import ArgumentParser

struct VectorsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vectors",
        abstract: "Generate WebAuthn test vectors in the shared case format.",
        subcommands: [VectorsGenerateCommand.self]
    )
}
