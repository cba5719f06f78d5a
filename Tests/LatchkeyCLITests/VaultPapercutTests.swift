import Foundation
import TestSupport
import Testing

/// The vault CLI's papercuts from issue 18: empty output, alignment, short ids, notes kept on
/// --replace, one validation for add-password and import, and the exit code for "no
/// passphrase source at all".
@Suite struct VaultPapercutTests {
    func fresh() async throws -> VaultCommandTests.Env { try await VaultCommandTests().fresh() }

    func add(_ e: VaultCommandTests.Env, _ domain: String, _ user: String, _ extra: [String] = [], password: String = "pw\n") async throws
        -> String
    {
        let r = try await e.run(["vault", "add-password", "--domain", domain, "--username", user] + extra, stdin: password)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// No empty JSON container is printed as `[` and `]` on two lines.
    static func hasSpreadEmptyContainer(_ text: String) -> Bool {
        text.range(of: #"\[\s+\]|\{\s+\}"#, options: .regularExpression) != nil
    }

    @Test func anEmptyListSaysSoAndItsJSONIsAnEmptyArray() async throws {
        let e = try await fresh()
        let plain = try await e.run(["vault", "list"])
        #expect(plain.status == 0 && plain.stdout == "no items\n", "\(plain.stdout)")
        let json = try await e.run(["vault", "list", "--json"])
        #expect(json.status == 0 && json.stdout == "[]\n", "\(json.stdout)")
        _ = try await add(e, "example.com", "alice")
        let filtered = try await e.run(["vault", "list", "--kind", "passkey"])
        #expect(filtered.status == 0 && filtered.stdout.hasPrefix("no items"), "\(filtered.stdout)")
        await #expect(try e.run(["vault", "list", "--kind", "passkey", "--json"]).stdout == "[]\n")
        // The import report's empty lists too.
        let out = e.dir.appendingPathComponent("x.json").path
        await #expect(try e.run(["vault", "export", "--out", out, "--plaintext", "--confirm-plaintext"]).status == 0)
        let other = try await fresh()
        let report = try await other.run(["vault", "import", out, "--json"])
        #expect(
            report.status == 0 && report.stdout.contains("\"identical\"") && !Self.hasSpreadEmptyContainer(report.stdout),
            "\(report.stdout)")
    }

    /// Every row of `list` starts its site column at the same place, the issuer key's included.
    @Test func listColumnsStayAlignedWithTheIssuerKeyRow() async throws {
        let e = try await fresh()
        _ = try await add(e, "example.com", "alice")
        await #expect(try e.run(["vault", "apple-jwks"]).status == 0)
        let lines = try await e.run(["vault", "list"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines.contains { $0.contains("apple-issuer-key") }, "\(lines)")
        let siteColumns = Set(
            lines.map { line -> Int in
                // id, then the kind, then the site: the offset of the third field.
                let chars = Array(line)
                var i = 0
                var field = 0
                while i < chars.count {
                    if chars[i] != " " && (i == 0 || chars[i - 1] == " ") {
                        field += 1
                        if field == 3 { return i }
                    }
                    i += 1
                }
                return -1
            })
        #expect(siteColumns.count == 1, "\(lines)")
    }

    @Test func showAndRemoveTakeAUniquePrefix() async throws {
        let e = try await fresh()
        let id = try await add(e, "example.com", "alice")
        _ = try await add(e, "example.org", "bob")
        let shown = try await e.run(["vault", "show", String(id.prefix(8))])
        #expect(shown.status == 0 && shown.stdout.contains("id: \(id)") && shown.stdout.contains("username: alice"), "\(shown.stderr)")
        await #expect(try e.run(["vault", "show", String(id.prefix(8)).uppercased(), "--json"]).stdout.contains(id))
        // Too short, not hex, or matching nothing.
        let short = try await e.run(["vault", "show", String(id.prefix(3))])
        #expect(short.status == 2 && short.stderr.contains("at least 4"), "\(short.stderr)")
        await #expect(try e.run(["vault", "show", "zzzz"]).status == 2)
        let other = id.hasPrefix("0000") ? "ffff" : "0000"
        let missing = try await e.run(["vault", "show", other])
        let missingRemove = try await e.run(["vault", "remove", other])
        #expect(missing.status == 1 && missing.stderr.contains("not found") && missingRemove.stderr == missing.stderr, "\(missing.stderr)")
        let removed = try await e.run(["vault", "remove", String(id.prefix(6))])
        #expect(removed.status == 0 && removed.stdout.contains(id), "\(removed.stdout)\(removed.stderr)")
        await #expect(try e.run(["vault", "show", id]).status == 1)
        await #expect(try e.run(["vault", "list"]).stdout.contains("bob"))
    }

    @Test func replaceKeepsTheNotesUnlessNotesAreGiven() async throws {
        let e = try await fresh()
        _ = try await add(e, "example.com", "alice", ["--notes", "recovery: 1234"])
        let replaced = try await add(e, "example.com", "alice", ["--replace"], password: "second\n")
        var shown = try await e.run(["vault", "show", replaced, "--reveal"]).stdout
        #expect(shown.contains("notes: recovery: 1234") && shown.contains("password: second"), "\(shown)")
        let again = try await add(e, "example.com", "alice", ["--replace", "--notes", "new note"], password: "third\n")
        shown = try await e.run(["vault", "show", again, "--reveal"]).stdout
        #expect(shown.contains("notes: new note") && !shown.contains("recovery"), "\(shown)")
    }

    /// No passphrase source at all (no file, no environment, no terminal) is a usage error, not
    /// a locked vault; a wrong passphrase stays 4.
    @Test func noPassphraseSourceIsAUsageError() async throws {
        let e = try await fresh()
        // With no passphrase source at all, whatever the caller's shell exported.
        let sources = ["LATCHKEY_PASSPHRASE", "LATCHKEY_PASSPHRASE_FILE", "LATCHKEY_EXPORT_PASSPHRASE"]
        let none = try await CLIRunner.run(["vault", "list"], environment: ["LATCHKEY_VAULT": e.vault], unsetting: sources)
        #expect(none.status == 2 && none.stderr.contains("no passphrase") && none.stderr.contains("--passphrase-file"), "\(none.stderr)")
        let export = try await CLIRunner.run(
            ["vault", "export", "--out", e.dir.appendingPathComponent("x.lkx").path],
            environment: ["LATCHKEY_VAULT": e.vault, "LATCHKEY_PASSPHRASE": "pw"], unsetting: sources)
        #expect(export.status == 2 && export.stderr.contains("--export-passphrase-file"), "\(export.stderr)")
        await #expect(try e.run(["vault", "list"], pass: "wrong").status == 4)
    }

    /// add-password and import refuse the same items: an item add-password refuses cannot
    /// arrive through a file.
    @Test func addPasswordAndImportRefuseTheSameItems() async throws {
        let e = try await fresh()
        let cases: [(domain: String, user: String, password: String)] = [
            ("example.com", "alice", ""), ("javascript:alert(1)", "alice", "pw"), ("", "alice", "pw"),
            ("example.com", "alice\u{1B}[2J", "pw"), ("https://example.com", "", "pw"),
        ]
        for c in cases {
            let added = try await e.run(["vault", "add-password", "--domain", c.domain, "--username", c.user], stdin: c.password + "\n")
            #expect(added.status == 2, "add-password \(c): \(added.stderr)")
            #expect(!added.stderr.contains("\u{1B}"), "\(added.stderr)")
            let file = e.dir.appendingPathComponent("bad.json")
            try Data(
                VaultLargeRoundTrip.document([
                    VaultLargeRoundTrip.passwordItem(
                        domain: c.domain, username: c.user, password: c.password,
                        createdMs: 1_700_000_000_000)
                ]).utf8
            ).write(to: file)
            let imported = try await e.run(["vault", "import", file.path])
            #expect(imported.status == 1 && imported.stderr.contains("invalid item"), "import \(c): \(imported.stderr)")
            #expect(!imported.stderr.contains("\u{1B}"), "\(imported.stderr)")
        }
        await #expect(try e.run(["vault", "list"]).stdout == "no items\n")
    }

    /// The picker's sheet: no "()" for an empty display name, and no "last used" for a password,
    /// whose use the vault does not record.
    @Test func theSheetShowsNoEmptyDisplayNameOrInventedLastUse() async throws {
        let e = try await fresh()
        let options =
            #"{"rp":{"id":"example.com","name":"Ex"},"user":{"id":"AQID","name":"alice","displayName":""},"#
            + #""challenge":"AAECAwQFBgcICQoLDA0ODw","pubKeyCredParams":[{"type":"public-key","alg":-7}],"authenticatorSelection":{"residentKey":"required"}}"#
        await #expect(try e.run(["create", "--origin", "https://login.example.com", "--choose", "first"], stdin: options).status == 0)
        _ = try await add(e, "login.example.com", "bob")
        let request = e.dir.appendingPathComponent("request.json")
        try Data(#"{"challenge":"AAECAwQFBgcICQoLDA0ODw","rpId":"example.com"}"#.utf8).write(to: request)
        let got = try await e.run([
            "get", "--origin", "https://login.example.com", "--modal", "passkey,password", "--display", "always",
            "--options", request.path, "--verbose", "--choose", "first",
        ])
        let lines = got.stderr.split(separator: "\n").map(String.init)
        let passkey = try #require(lines.first { $0.contains("passkey: alice") }, "\(got.stderr)")
        let password = try #require(lines.first { $0.contains("password: bob") }, "\(got.stderr)")
        #expect(!passkey.contains("()"), "\(passkey)")
        #expect(!password.contains("last used"), "\(password)")
    }
}
