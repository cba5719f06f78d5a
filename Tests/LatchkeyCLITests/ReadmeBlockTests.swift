import Foundation
import TestSupport
import Testing

/// Every shell block of README.md and of the documents in docs/ runs as written, or says why it
/// cannot in CI. The blocks `.ci/external-package-check` builds are Swift; these are the `sh`
/// ones. Each `sh` block is preceded by a marker:
///
/// - `<!-- readme-check: run SESSION -->`: the block runs, after the earlier blocks of the same
///   SESSION (in ``documents`` order), in one `bash -euo pipefail` with `latchkey` on PATH, in a fresh folder that is also
///   its HOME, with no `LATCHKEY_*` variable set: as a newcomer's terminal would.
/// - `<!-- readme-check: file NAME SESSION -->` before a `json` block: the block is the file NAME
///   in that session's folder (the README shows it in a block of its own).
/// - `<!-- readme-check: skip REASON -->`: why CI does not run it (the setup itself, a release
///   build, a server in the foreground).
///
/// What a session leaves running in the background is stopped when it ends.
@Suite struct ReadmeBlockTests {
    /// The documents, in the order their sessions run (a session may continue in a later one).
    static let documents = [
        "README.md", "docs/authenticator.md", "docs/vault.md", "docs/picker.md", "docs/cli.md", "docs/server.md", "docs/reach5.md",
        "docs/hybrid.md", "docs/ctap.md", "docs/vectors.md", "docs/targets.md",
    ]

    struct Block {
        var file: String
        var line: Int
        var language: String
        var body: String
        var marker: String?
    }

    static func blocks() throws -> [Block] {
        try documents.flatMap { try blocks(of: $0) }
    }

    static func blocks(of file: String) throws -> [Block] {
        let lines = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        var marker: String?
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- readme-check:") {
                marker = line
            } else if line.hasPrefix("```") && line.count > 3 {
                let start = index
                var body: [String] = []
                index += 1
                while index < lines.count && lines[index] != "```" {
                    body.append(lines[index])
                    index += 1
                }
                blocks.append(
                    Block(
                        file: file, line: start + 1, language: String(line.dropFirst(3)), body: body.joined(separator: "\n") + "\n",
                        marker: marker))
                marker = nil
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                marker = nil
            }
            index += 1
        }
        return blocks
    }

    /// A new document in docs/ is checked too: it must be in ``documents``.
    @Test func everyDocumentIsChecked() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        #expect(Set(docs).subtracting(Self.documents).isEmpty, "add these to ReadmeBlockTests.documents")
    }

    static func field(_ marker: String, _ n: Int) -> String? {
        let words = marker.replacingOccurrences(of: "-->", with: "").split(separator: " ").dropFirst(2).map(String.init)
        return n < words.count ? words[n] : nil
    }

    @Test func everyShellBlockIsRunOrSaysWhyNot() throws {
        for block in try Self.blocks() where block.language == "sh" {
            let kind = block.marker.flatMap { Self.field($0, 0) }
            #expect(
                kind == "run" || kind == "skip",
                "\(block.file):\(block.line): a sh block without <!-- readme-check: run SESSION --> or skip REASON")
            if kind == "skip" { #expect(Self.field(block.marker!, 1) != nil, "\(block.file):\(block.line): skip needs a reason") }
        }
    }

    @Test func theRunnableBlocksRunAsWritten() async throws {
        let blocks = try Self.blocks()
        var sessions: [String] = []
        var scripts: [String: String] = [:]
        var files: [String: [(String, String)]] = [:]
        for block in blocks {
            guard let marker = block.marker, let kind = Self.field(marker, 0) else { continue }
            if kind == "run", let session = Self.field(marker, 1) {
                if scripts[session] == nil { sessions.append(session) }
                scripts[session, default: ""] += "# \(block.file):\(block.line)\n" + block.body
            } else if kind == "file", let name = Self.field(marker, 1), let session = Self.field(marker, 2) {
                files[session, default: []].append((name, block.body))
            }
        }
        #expect(sessions.count >= 4, "\(sessions)")
        let bin = ProcessRunner.product("latchkey").deletingLastPathComponent().path
        for session in sessions {
            let dir = try CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            for (name, body) in files[session] ?? [] { try Data(body.utf8).write(to: dir.appendingPathComponent(name)) }
            // Background jobs (a server, a tunnel, a phone) end with the session.
            let script =
                "set -euo pipefail\nunset $(compgen -v LATCHKEY_) 2>/dev/null || true\n"
                + "trap 'kill $(jobs -p) 2>/dev/null || true; wait || true' EXIT\ncd \"$0\"\n" + scripts[session]!
            let environment = [
                "PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "HOME": dir.path,
                "XDG_DATA_HOME": dir.appendingPathComponent(".local/share").path,
            ]
            let result = try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/timeout"), ["300", "/bin/bash", "-c", script, dir.path], environment: environment)
            #expect(result.status == 0, "session \(session) failed (\(result.status)):\n\(result.stderr)\n\(result.stdout.suffix(2000))")
        }
    }
}
