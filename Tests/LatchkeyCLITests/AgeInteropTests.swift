import Foundation
import TestSupport
import Testing

/// The export is a real age file: Debian's `age` (installed by `.ci/run`) decrypts what
/// `vault export` writes, and `vault import` reads what `age -p` writes. age takes a
/// passphrase only from a terminal; `Tests/Interop/age_tty.py` gives it one.
@Suite struct AgeInteropTests {
    static let age = URL(fileURLWithPath: "/usr/bin/age")
    static let tty = packageRoot.appendingPathComponent("Tests/Interop/age_tty.py")
    static var available: Bool { FileManager.default.isExecutableFile(atPath: age.path) }
    static let passphrase = "a passphrase for age ✓"

    static func runAge(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await CLIRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/python3"), [tty.path] + arguments, environment: ["AGE_TTY_PASSPHRASE": passphrase])
    }

    /// In CI age must be there; elsewhere the tests below are reported skipped, never passed.
    @Test func ageIsInstalledInCI() {
        if ProcessInfo.processInfo.environment["CI"] == "true" { #expect(Self.available, "CI must run .ci/run, which installs age") }
    }

    @Test(.enabled(if: available, "needs Debian's age (run .ci/run)"), arguments: [false, true])
    func ageDecryptsAnExport(armored: Bool) async throws {
        let e = try await VaultCommandTests().fresh()
        defer { try? FileManager.default.removeItem(at: e.dir) }
        _ = try await e.run(["vault", "add-password", "--domain", "age.example", "--username", "alice"], stdin: "the-secret\n")
        let file = e.dir.appendingPathComponent("export.age").path
        let exported = try await e.run(
            ["vault", "export", "--out", file, "--kdf-log-n", "10"] + (armored ? ["--armor"] : []),
            extra: ["LATCHKEY_EXPORT_PASSPHRASE": Self.passphrase])
        #expect(exported.status == 0, "\(exported.stderr)")
        let opened = e.dir.appendingPathComponent("opened.json").path
        let age = try await Self.runAge(["-d", "-o", opened, file])
        #expect(age.status == 0, "\(age.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: opened))) as? [String: Any]
        let items = (document?["accounts"] as? [[String: Any]])?.first?["items"] as? [[String: Any]]
        #expect(items?.count == 1)
        #expect(try String(contentsOfFile: opened, encoding: .utf8).contains("the-secret"))
    }

    @Test(.enabled(if: available, "needs Debian's age (run .ci/run)"), arguments: [false, true])
    func anAgePassphraseFileImports(armored: Bool) async throws {
        let source = try await VaultCommandTests().fresh()
        defer { try? FileManager.default.removeItem(at: source.dir) }
        _ = try await source.run(["vault", "add-password", "--domain", "age.example", "--username", "bob"], stdin: "from-age\n")
        let json = source.dir.appendingPathComponent("plain.json").path
        await #expect(try source.run(["vault", "export", "--out", json, "--plaintext", "--confirm-plaintext"]).status == 0)
        let sealed = source.dir.appendingPathComponent("by-age.age").path
        let age = try await Self.runAge(["-p"] + (armored ? ["-a"] : []) + ["-o", sealed, json])
        #expect(age.status == 0, "\(age.stderr)")

        let target = try await VaultCommandTests().fresh()
        defer { try? FileManager.default.removeItem(at: target.dir) }
        let wrong = try await target.run(["vault", "import", sealed], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "not it"])
        #expect(wrong.status == 4 && wrong.stderr.contains("wrong export passphrase"), "\(wrong.stderr)")
        let imported = try await target.run(["vault", "import", sealed], extra: ["LATCHKEY_EXPORT_PASSPHRASE": Self.passphrase])
        #expect(imported.status == 0 && imported.stdout.contains("imported 1"), "\(imported.stdout)\(imported.stderr)")
        let id = try await target.run(["vault", "list"]).stdout.split(separator: " ").first.map(String.init) ?? ""
        await #expect(try target.run(["vault", "show", id, "--reveal"]).stdout.contains("from-age"))
    }

    /// An export from before age still imports.
    @Test func anExportInTheOldFormatStillImports() async throws {
        let target = try await VaultCommandTests().fresh()
        defer { try? FileManager.default.removeItem(at: target.dir) }
        let old = packageRoot.appendingPathComponent("Tests/VaultTests/Fixtures/legacy-export.lkx").path
        let imported = try await target.run(["vault", "import", old], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "legacy pass"])
        #expect(imported.status == 0 && imported.stdout.contains("imported 1"), "\(imported.stdout)\(imported.stderr)")
        let id = try await target.run(["vault", "list"]).stdout.split(separator: " ").first.map(String.init) ?? ""
        await #expect(try target.run(["vault", "show", id, "--reveal"]).stdout.contains("legacy-secret"))
    }
}
