import Foundation
import TestSupport
import Testing

@Suite struct VaultCommandTests {
    struct Env {
        let dir: URL
        var vault: String { dir.appendingPathComponent("v.db").path }
        func env(_ pass: String = "pw", extra: [String: String] = [:]) -> [String: String] {
            ["LATCHKEY_VAULT": vault, "LATCHKEY_PASSPHRASE": pass].merging(extra) { _, b in b }
        }
        func run(_ args: [String], stdin: String = "", pass: String = "pw", extra: [String: String] = [:]) async throws
            -> ProcessRunner.Result
        {
            try await CLIRunner.run(args, stdin: Array(stdin.utf8), environment: env(pass, extra: extra))
        }
    }

    func fresh() async throws -> Env {
        let e = Env(dir: try CLIRunner.temporaryDirectory())
        let r = try await e.run(["vault", "init", "--kdf-log-n", "10"])
        #expect(r.status == 0 && r.stderr.contains("for tests only"), "\(r.stderr)")
        return e
    }

    @Test func lifecycleAndSecretsOnlyWithReveal() async throws {
        let e = try await fresh()
        defer { try? FileManager.default.removeItem(at: e.dir) }
        let add = try await e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "s3cret-Ω\n")
        #expect(add.status == 0)
        let id = add.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let list = try await e.run(["vault", "list", "--json"])
        #expect(list.status == 0 && list.stdout.contains("alice") && !list.stdout.contains("s3cret"))
        await #expect(!(try e.run(["vault", "show", id])).stdout.contains("s3cret"))
        await #expect(try e.run(["vault", "show", id, "--reveal"]).stdout.contains("s3cret-Ω"))
        // show: one object in JSON; in text, every field a line, notes only with --reveal.
        let shownJSON =
            try await JSONSerialization.jsonObject(with: Data(try e.run(["vault", "show", id, "--json"]).stdout.utf8)) as? [String: Any]
        #expect(shownJSON?["kind"] as? String == "password" && shownJSON?["password"] == nil)
        let noted = try await e.run(
            ["vault", "add-password", "--domain", "c.example", "--username", "carol", "--notes", "the note", "--include-subdomains"],
            stdin: "x\n")
        let notedId = noted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let plain = try await e.run(["vault", "show", notedId]).stdout.split(separator: "\n").map(String.init)
        #expect(
            plain.contains("includeSubdomains: true") && plain.contains("username: carol") && !plain.contains { $0.hasPrefix("notes:") },
            "\(plain)")
        let revealed = try await e.run(["vault", "show", notedId, "--reveal"]).stdout.split(separator: "\n").map(String.init)
        #expect(revealed.contains("notes: the note") && revealed.contains("password: x"), "\(revealed)")
        await #expect(try e.run(["vault", "remove", notedId]).status == 0)
        await #expect(try e.run(["vault", "list", "--kind", "passkey"]).stdout == "no items\n")
        await #expect(try e.run(["vault", "list", "--kind", "bogus"]).status == 2)
        // stdin can carry one secret: a passphrase and a password both from it is a usage error.
        let both = try await e.run(
            ["vault", "add-password", "--domain", "b.example", "--username", "u", "--passphrase-file", "-"], stdin: "pw\nsecret\n")
        #expect(both.status == 2 && both.stderr.contains("cannot read it too"), "\(both.stderr)")
        await #expect(try e.run(["vault", "import", "-", "--export-passphrase-file", "-"]).status == 2)
        await #expect(try e.run(["vault", "check"]).status == 0)
        await #expect(try e.run(["vault", "passwd"], extra: ["LATCHKEY_NEW_PASSPHRASE": "pw2"]).status == 0)
        await #expect(try e.run(["vault", "list"]).status == 4)
        await #expect(try e.run(["vault", "rotate-key"], pass: "pw2").status == 0)
        await #expect(try e.run(["vault", "remove", id], pass: "pw2").status == 0)
        await #expect(try e.run(["vault", "list"], pass: "pw2").stdout == "no items\n")
    }

    /// Plain `list` puts the site in the same column for both kinds: a password's domain, a
    /// passkey's RP id, with its RP name after the user.
    @Test func listShowsTheSiteOfPasswordsAndPasskeysAlike() async throws {
        let e = try await fresh()
        defer { try? FileManager.default.removeItem(at: e.dir) }
        await #expect(try e.run(["vault", "add-password", "--domain", "example.com", "--username", "bob"], stdin: "s3cret\n").status == 0)
        let options =
            #"{"rp":{"id":"example.com","name":"Example Corp"},"user":{"id":"AQID","name":"alice","displayName":"Alice"},"#
            + #""challenge":"AAAAAAAAAAAAAAAAAAAAAA","pubKeyCredParams":[{"type":"public-key","alg":-7}],"authenticatorSelection":{"residentKey":"required"}}"#
        let created = try await e.run(["create", "--origin", "https://example.com"], stdin: options)
        #expect(created.status == 0, "\(created.stderr)")
        let lines = try await e.run(["vault", "list"]).stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        let password = try #require(lines.first { $0.count > 1 && $0[1] == "password" })
        let passkey = try #require(lines.first { $0.count > 1 && $0[1] == "passkey" })
        #expect(Array(password.dropFirst(2)) == ["example.com", "bob"])
        let credentialId = try #require(
            (try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["id"] as? String)
        #expect(Array(passkey.dropFirst(2)) == ["example.com", "alice", "(Example", "Corp)", "credential", credentialId, "signCount", "0"])
    }

    @Test func exitCodesForLockedAndDamagedVaults() async throws {
        let e = try await fresh()
        defer { try? FileManager.default.removeItem(at: e.dir) }
        _ = try await e.run(["vault", "add-password", "--domain", "a.com", "--username", "u"], stdin: "p")
        let wrong = try await e.run(["vault", "list"], pass: "nope")
        #expect(wrong.status == 4 && wrong.stderr.contains("wrong passphrase"))
        #expect(!wrong.stderr.contains("nope"))
        // A truncated file is damage (5), never an empty vault.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: e.vault))
        try bytes.prefix(300).write(to: URL(fileURLWithPath: e.vault))
        try? FileManager.default.removeItem(atPath: e.vault + "-wal")
        try? FileManager.default.removeItem(atPath: e.vault + "-shm")
        await #expect(try e.run(["vault", "list"]).status == 5)
        // No vault at all is an operational failure (1).
        await #expect(try e.run(["vault", "list"], extra: ["LATCHKEY_VAULT": e.dir.appendingPathComponent("none.db").path]).status == 1)
    }

    @Test func exportImportAndPlaintextConfirmation() async throws {
        let e = try await fresh()
        defer { try? FileManager.default.removeItem(at: e.dir) }
        _ = try await e.run(["vault", "add-password", "--domain", "a.com", "--username", "u"], stdin: "the-password")
        let out = e.dir.appendingPathComponent("x.lkx").path
        await #expect(try e.run(["vault", "export", "--out", out], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"]).status == 0)
        #expect(!(try String(contentsOfFile: out, encoding: .isoLatin1)).contains("the-password"))
        await #expect(try e.run(["vault", "export", "--out", out + ".json", "--plaintext"]).status == 2)
        await #expect(
            try e.run(["vault", "export", "--out", out + ".json", "--plaintext", "--confirm-plaintext"]).stdout.contains("PLAINTEXT"))
        #expect(try String(contentsOfFile: out + ".json", encoding: .utf8).contains("the-password"))

        let other = Env(dir: try CLIRunner.temporaryDirectory())
        defer { try? FileManager.default.removeItem(at: other.dir) }
        _ = try await other.run(["vault", "init", "--kdf-log-n", "10"])
        var tampered = try Data(contentsOf: URL(fileURLWithPath: out))
        tampered[tampered.count - 3] ^= 0x01
        try tampered.write(to: URL(fileURLWithPath: out + ".bad"))
        await #expect(try other.run(["vault", "import", out + ".bad"], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"]).status == 5)
        await #expect(try other.run(["vault", "list"]).stdout == "no items\n")
        let wrong = try await other.run(["vault", "import", out], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "wrong"])
        #expect(wrong.status == 4 && wrong.stderr.contains("wrong export passphrase"), "\(wrong.stderr)")
        let good = try await other.run(["vault", "import", out], extra: ["LATCHKEY_EXPORT_PASSPHRASE": "ex"])
        #expect(good.status == 0 && good.stdout.contains("imported 1"))
        let id = try await other.run(["vault", "list"]).stdout.split(separator: " ").first.map(String.init) ?? ""
        await #expect(try other.run(["vault", "show", id, "--reveal"]).stdout.contains("the-password"))

        // show and remove word a missing record alike; a backup never overwrites a file.
        let missing = String(repeating: "ab", count: 16)
        let shown = try await other.run(["vault", "show", missing])
        let removed = try await other.run(["vault", "remove", missing])
        #expect(
            shown.status == 1 && removed.status == 1 && shown.stderr == removed.stderr && shown.stderr.contains("not found: record"),
            "\(shown.stderr)|\(removed.stderr)")
        let existing = try Data(contentsOf: URL(fileURLWithPath: out))
        let backup = try await other.run(["vault", "backup", "--out", out])
        #expect(backup.status == 1 && backup.stderr.contains("already exists"), "\(backup.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == existing, "the existing file is untouched")
    }
}
