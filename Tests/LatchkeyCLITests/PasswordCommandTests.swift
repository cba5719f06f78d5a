import Foundation
import TestSupport
import Testing

/// `vault add-password` input rules, and names printed for a person never carry raw control
/// characters.
@Suite struct PasswordCommandTests {
    typealias Env = VaultCommandTests.Env

    @Test func addPasswordRefusesWhatCannotBeUsed() async throws {
        let e = try await VaultCommandTests().fresh()
        let empty = try await e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "\n")
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty.stderr)")
        for site in ["not a host", "", "https://", "exa_mple.com", ".example.com"] {
            let bad = try await e.run(["vault", "add-password", "--domain", site, "--username", "alice"], stdin: "pw\n")
            #expect(bad.status == 2 && bad.stderr.contains("is not a host name"), "\(site): \(bad.stderr)")
        }
        await #expect(try e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "one\n").status == 0)
        let twice = try await e.run(["vault", "add-password", "--domain", "example.com", "--username", "alice"], stdin: "two\n")
        #expect(twice.status == 1 && twice.stderr.contains("--replace"), "\(twice.stderr)")
        let replaced = try await e.run(
            ["vault", "add-password", "--domain", "example.com", "--username", "alice", "--replace"], stdin: "two\n")
        #expect(replaced.status == 0)
        let shown = try await e.run(["vault", "show", replaced.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "--reveal"])
        #expect(shown.stdout.contains("password: two"), "\(shown.stdout)")
        await #expect(try e.run(["vault", "list"]).stdout.split(separator: "\n").count == 1)
        // Another port is another site.
        await #expect(
            try e.run(["vault", "add-password", "--domain", "https://example.com:8443", "--username", "alice"], stdin: "three\n").status
                == 0)
    }

    @Test func controlCharactersAreEscapedInTextOutput() async throws {
        let e = try await VaultCommandTests().fresh()
        let hostile = "eve\u{1B}[2J\u{7}\u{202E}gnp.exe"
        // A password's username may not hold them (PasswordItem.validate); the refusal escapes it.
        let refused = try await e.run(["vault", "add-password", "--domain", "example.com", "--username", hostile], stdin: "pw\n")
        #expect(refused.status == 2 && !refused.stderr.contains("\u{1B}") && refused.stderr.contains("eve\\u{1b}[2J"), "\(refused.stderr)")
        // A passkey's user name comes from the relying party, as it sent it: shown escaped.
        let options =
            #"{"rp":{"id":"example.com","name":"Ex"},"user":{"id":"AQID","name":"eve\u001b[2J\u0007\u202egnp.exe","displayName":"Eve"},"#
            + #""challenge":"AAECAwQFBgcICQoLDA0ODw","pubKeyCredParams":[{"type":"public-key","alg":-7}]}"#
        let created = try await e.run(["create", "--origin", "https://example.com", "--choose", "first"], stdin: options)
        #expect(created.status == 0, "\(created.stderr)")
        let list = try await e.run(["vault", "list"])
        #expect(!list.stdout.contains("\u{1B}") && !list.stdout.contains("\u{7}") && !list.stdout.contains("\u{202E}"))
        #expect(list.stdout.contains("eve\\u{1b}[2J\\u{7}\\u{202e}gnp.exe"), "\(list.stdout)")
        // JSON keeps the exact value, escaped by the JSON encoder.
        let json = try await e.run(["vault", "list", "--json"])
        #expect(json.stdout.contains("\\u001b[2J"), "\(json.stdout)")
    }
}
