import ArgumentParser
import Authenticator
import Foundation
import Vectors
import WebAuthn

struct VectorsGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write registration and authentication cases from Latchkey's own authenticator.",
        discussion: "The same --seed gives the same keys, credential IDs and challenges. Writes one JSON file per profile into --out."
    )

    @Option(help: "Directory to write the case files into (created if missing).")
    var out: String

    @Option(help: "Seed for keys, IDs and challenges.")
    var seed: UInt64 = 1

    @Option(help: "Cases per variant.")
    var count: Int = 1

    @Option(help: "Credential store behind the authenticator: memory, or vault (a temporary encrypted vault per variant).")
    var store: String = "memory"

    func validate() throws {
        guard (1...100).contains(count) else { throw ValidationError("--count must be between 1 and 100") }
        guard store == "memory" || store == "vault" else { throw ValidationError("--store must be memory or vault") }
    }

    func run() throws {
        let cases: [VectorCase]
        var generator = VectorGenerator(seed: seed, count: count)
        generator.publicSuffixList = SystemPublicSuffixList.load()
        let scratch = TemporaryVaults()
        defer { scratch.removeAll() }
        if store == "vault" { generator.makeStore = { try scratch.makeStore() } }
        do { cases = try generator.generate() } catch {
            throw CommandFailure(.failed, "generation failed: \(error)")
        }
        let fm = FileManager.default
        try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
        let groups = Dictionary(grouping: cases) { $0.id.split(separator: "/")[1] }
        for (profile, group) in groups.sorted(by: { $0.key < $1.key }) {
            let path = (out as NSString).appendingPathComponent("latchkey-\(profile).json")
            let bytes = WebAuthnJSON.encode(group, pretty: true)
            try Data(bytes + [0x0A]).write(to: URL(fileURLWithPath: path))
            Console.out("wrote \(group.count) cases to \(path)")
        }
    }
}
