import ArgumentParser
import Foundation
import Vectors
import WebAuthn

struct VectorsVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Run vector case files through the verifier and report disagreements.",
        discussion: """
            Accepts files or folders of *.json cases in the shared case format; every field is \
            honoured, a registration's credentialId (the rawId) included, which must equal the \
            attested credential ID. Prints one line per \
            disagreement and a summary "N cases, N agree, N disagree, N unsupported". Exits 0 only \
            when nothing disagrees (unsupported cases, such as ML-DSA, do not fail the run); a \
            folder without case files, or a path that cannot be read, exits 1.
            """
    )

    @Argument(help: "Case files or folders.")
    var paths: [String]

    @Flag(help: "Print a machine-readable summary.")
    var json = false

    @Flag(help: "List every case with its outcome (AGREE, DISAGREE, UNSUPPORTED), not only the disagreements.")
    var verbose = false

    struct Summary: Encodable {
        struct Item: Encodable {
            var id: String
            var outcome: String
            var detail: String?
        }
        var cases: Int, agree: Int, disagree: Int, unsupported: Int
        var disagreements: [Item]
        var unsupportedCases: [Item]
    }

    func run() throws {
        let files: [(file: String, cases: [VectorCase])]
        files = try VectorFiles.load(paths: paths)
        var summary = Summary(cases: 0, agree: 0, disagree: 0, unsupported: 0, disagreements: [], unsupportedCases: [])
        for (_, cases) in files {
            for c in cases {
                let report = VectorVerifier.run(c)
                summary.cases += 1
                switch report.outcome {
                case .agree:
                    summary.agree += 1
                    if !json && verbose { Console.out("AGREE \(c.id)") }
                case .disagree(let why):
                    summary.disagree += 1
                    summary.disagreements.append(.init(id: c.id, outcome: "disagree", detail: why))
                    if !json { Console.out("DISAGREE \(c.id): \(why)") }
                case .unsupported(let why):
                    summary.unsupported += 1
                    summary.unsupportedCases.append(.init(id: c.id, outcome: "unsupported", detail: why))
                    if !json && verbose { Console.out("UNSUPPORTED \(c.id): \(why)") }
                }
            }
        }
        if json {
            Console.write(WebAuthnJSON.encode(summary, pretty: true) + [0x0A])
        } else {
            Console.out("\(summary.cases) cases, \(summary.agree) agree, \(summary.disagree) disagree, \(summary.unsupported) unsupported")
        }
        if summary.disagree > 0 { throw ExitCode(ExitStatus.failed.rawValue) }
    }
}
