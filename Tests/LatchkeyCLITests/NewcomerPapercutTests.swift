import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// The newcomer pass of issue 18, outside the vault: what a first session at a terminal ran into
/// with login, bench, create/get/verify, serve's configuration and the hints (completions: CompletionValueTests).
@Suite(.serialized) struct NewcomerPapercutTests {
    /// A throwaway vault (logN 10) and the environment that points every command at it.
    struct Device {
        let dir: URL
        let server: String?
        init(server: String? = nil) async throws {
            self.server = server
            dir = try CLIRunner.temporaryDirectory()
            let made = try await run(["vault", "init", "--kdf-log-n", "10"])
            #expect(made.status == 0, "\(made.stderr)")
        }
        var env: [String: String] {
            var e = ["LATCHKEY_VAULT": dir.appendingPathComponent("v.db").path, "LATCHKEY_PASSPHRASE": "pw"]
            if let server { e["LATCHKEY_SERVER"] = server }
            return e
        }
        func run(_ args: [String], stdin: String = "") async throws -> ProcessRunner.Result {
            try await CLIRunner.run(args, stdin: Array(stdin.utf8), environment: env)
        }
    }

    static func get(_ url: String) async throws -> [String: Any] {
        let (data, _) = try await URLSession.shared.data(from: URL(string: url)!)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Runs the CLI under `timeout`, so a server that starts by mistake cannot hang the test.
    static func bounded(_ args: [String], environment: [String: String] = [:]) async throws -> ProcessRunner.Result {
        try await CLIRunner.run(
            executable: URL(fileURLWithPath: "/usr/bin/timeout"), ["120", CLIRunner.binary.path] + args, environment: environment)
    }

    // MARK: login on a default server

    /// A default server has Apple "enabled" but no Apple issuer keys: its providers list must not
    /// name Apple, so `latchkey login` with its defaults does not take "Sign up with Apple" (and
    /// fail with a configuration error); it cancels as an empty keychain does.
    @Test func loginWithDefaultsOnADefaultServerDoesNotOfferApple() async throws {
        let server = try await ServeProcess.start(["--in-memory"])
        defer { server.stop() }
        let providers = try await Self.get(server.baseURL + "/api/v1/providers")
        let names = (providers["items"] as? [[String: Any]])?.compactMap { $0["provider"] as? String }
        #expect(names == ["google", "facebook"], "only the emulated web providers, no Apple: \(providers)")
        let d = try await Device(server: server.baseURL)
        let login = try await d.run(["login", "--verbose"])
        #expect(login.status == 3 && login.stdout.contains("AuthCanceled"), "\(login.stdout)|\(login.stderr)")
        #expect(!login.stderr.contains("Apple"), "\(login.stderr)")
        // Asking for Apple alone says the server does not offer it.
        let apple = try await d.run(["login", "--modal", "apple"])
        #expect(
            apple.status == 1 && apple.stderr.contains("does not offer Sign in with Apple") && apple.stderr.contains("apple.jwks"),
            "\(apple.stderr)")

        // With issuer keys configured, the providers list names Apple again.
        let jwks = try await d.run(["vault", "apple-jwks"])
        #expect(jwks.status == 0, "\(jwks.stderr)")
        let config = d.dir.appendingPathComponent("apple.json")
        let body = try JSONSerialization.data(withJSONObject: ["apple": ["jwks": jwks.stdout]])
        try body.write(to: config)
        let keyed = try await ServeProcess.start(["--in-memory", "--config", config.path])
        defer { keyed.stop() }
        let listed = try await Self.get(keyed.baseURL + "/api/v1/providers")
        #expect(((listed["items"] as? [[String: Any]])?.first?["provider"] as? String) == "apple", "\(listed)")
    }

    // MARK: bench

    /// Run as `latchkey` from PATH in another folder, `bench --server` starts its own binary.
    @Test func benchServerFindsItsOwnBinaryFromPATH() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        let bin = CLIRunner.binary.deletingLastPathComponent().path
        let r = try await CLIRunner.run(
            executable: URL(fileURLWithPath: "/bin/bash"),
            ["-c", "cd \"$0\" && exec latchkey bench --server --seconds 0.05 --pairs 15 --vault-records 0 --json", dir.path],
            environment: ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let names = (report?["rates"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("passkey-login-1-client"), "\(r.stdout)")
    }

    /// On a terminal, bench says what it is measuring as it goes (stderr); --json stays clean,
    /// and off a terminal nothing is added.
    @Test func benchShowsProgressOnATerminalOnly() async throws {
        let pty = try PseudoTerminal()
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = ["bench", "--seconds", "0.05", "--pairs", "15", "--vault-records", "0", "--json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = pty.slaveHandle
        try process.run()
        let (status, stdout) = try await ProcessRunner.finish(process, stdout: output)
        #expect(status == 0)
        #expect(await pty.waitFor("verify-registration-packed-x5c"), "\(pty.output)")
        #expect(pty.output.contains("[1/5]") && pty.output.contains("makeCredential-none-memory"), "\(pty.output)")
        #expect((try? JSONSerialization.jsonObject(with: stdout)) != nil, "\(String(decoding: stdout, as: UTF8.self))")
        let piped = try await CLIRunner.run(["bench", "--seconds", "0.05", "--pairs", "15", "--vault-records", "0"])
        #expect(piped.status == 0 && !piped.stderr.contains("[1/5]"), "\(piped.stderr)")
    }

    // MARK: create / get / verify on a terminal

    /// Each command that reads JSON from stdin says what it waits for when stdin is a terminal.
    @Test func optionsReadFromATerminalSayWhatTheyWaitFor() async throws {
        let d = try await Device()
        let cases: [([String], String)] = [
            (["create", "--origin", "https://localhost"], "PublicKeyCredentialCreationOptionsJSON"),
            (["get", "--origin", "https://localhost"], "PublicKeyCredentialRequestOptionsJSON"),
            (
                ["verify", "registration", "--challenge", "AAAA", "--origin", "https://localhost", "--rp-id", "localhost"],
                "RegistrationResponseJSON"
            ),
            (
                [
                    "verify", "authentication", "--public-key", "pQECAyYgASFYIA", "--challenge", "AAAA", "--origin", "https://localhost",
                    "--rp-id", "localhost",
                ], "AuthenticationResponseJSON"
            ),
        ]
        for (args, what) in cases {
            let pty = try PseudoTerminal()
            let process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = args
            process.environment = ProcessInfo.processInfo.environment.merging(d.env) { _, b in b }
            process.standardInput = pty.slaveHandle
            process.standardError = pty.slaveHandle
            process.standardOutput = Pipe()
            try process.run()
            #expect(await pty.waitFor(what), "\(args): \(pty.output)")
            #expect(pty.output.contains("Ctrl-D"), "\(args): \(pty.output)")
            pty.type("\u{04}") // end of input: the command goes on (and refuses the empty JSON)
            let (status, _) = try await ProcessRunner.finish(process)
            #expect(status != 0)
            // Piped input is never announced.
            let piped = try await d.run(args, stdin: "{}")
            #expect(!piped.stderr.contains(what) || !piped.stderr.contains("Ctrl-D"), "\(args): \(piped.stderr)")
        }
    }

    /// docs/picker.md's example options JSON works as written, and verify authentication refuses the
    /// response's `publicKey` (SubjectPublicKeyInfo) with a pointer to `credentialPublicKey`.
    @Test func readmeOptionsExamplesAndThePublicKeyHint() async throws {
        let d = try await Device()
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("docs/picker.md"), encoding: .utf8)
        let creation = try #require(Self.jsonBlock(in: readme, after: "`creation-options.json`:"))
        let request = try #require(Self.jsonBlock(in: readme, after: "`request-options.json`:"))
        let created = try await d.run(["create", "--origin", "https://localhost"], stdin: creation)
        #expect(created.status == 0, "\(created.stderr)")
        let response = try #require(try JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])
        let spki = try #require((response["response"] as? [String: Any])?["publicKey"] as? String)
        let challenge = "Y2hhbGxlbmdlLWZyb20tdGhlLXJw"
        let verdict = try await d.run(
            ["verify", "registration", "--challenge", challenge, "--origin", "https://localhost", "--rp-id", "localhost"],
            stdin: created.stdout)
        let registered = try #require(try JSONSerialization.jsonObject(with: Data(verdict.stdout.utf8)) as? [String: Any])
        #expect(registered["valid"] as? Bool == true, "\(verdict.stdout)")
        let cose = try #require(registered["credentialPublicKey"] as? String)

        let assertion = try await d.run(["get", "--origin", "https://localhost", "--modal", "passkey"], stdin: request)
        #expect(assertion.status == 0, "\(assertion.stderr)")
        let common = [
            "verify", "authentication", "--challenge", "c2lnbi1pbi1jaGFsbGVuZ2U", "--origin", "https://localhost", "--rp-id", "localhost",
        ]
        let good = try await d.run(common + ["--public-key", cose], stdin: assertion.stdout)
        #expect(good.status == 0 && good.stdout.contains("\"valid\" : true"), "\(good.stdout)\(good.stderr)")
        let wrongKey = try await d.run(common + ["--public-key", spki], stdin: assertion.stdout)
        #expect(
            wrongKey.status == 2 && wrongKey.stderr.contains("credentialPublicKey") && wrongKey.stderr.contains("verify registration"),
            "\(wrongKey.stdout)|\(wrongKey.stderr)")
    }

    /// The first ```json block after `marker` in `text`.
    static func jsonBlock(in text: String, after marker: String) -> String? {
        guard let at = text.range(of: marker), let open = text.range(of: "```json\n", range: at.upperBound..<text.endIndex),
            let close = text.range(of: "```", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound])
    }

    // MARK: serve configuration

    /// docs/server.md's example configuration starts a server as written (its seeded users included,
    /// the phone number read in the default country, FR).
    @Test func readmeExampleConfigurationStarts() async throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("docs/server.md"), encoding: .utf8)
        let example = try #require(Self.jsonBlock(in: readme, after: "**Configuration** (`--config FILE`"))
        let dir = try CLIRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("config.json")
        try Data(example.utf8).write(to: file)
        let server: ServeProcess
        do { server = try await ServeProcess.start(["--in-memory", "--config", file.path]) } catch {
            let r = try await Self.bounded(["serve", "--in-memory", "--port", "0", "--config", file.path])
            Issue.record("docs/server.md's example configuration does not start: \(r.status) \(r.stderr)")
            return
        }
        defer { server.stop() }
        let accounts = try await Self.get(server.baseURL + "/emulator/v1/accounts")
        let text = String(describing: accounts)
        #expect(text.contains("alice@example.com") && text.contains("+33612345678"), "\(text)")
    }

    /// Every configuration problem is a clear message and exit 2, never a Foundation error; a bad
    /// seeded user is named by its index and identifier.
    @Test func configurationErrorsExitTwoAndNameTheUser() async throws {
        let dir = try CLIRunner.temporaryDirectory()
        func serve(_ json: String) async throws -> ProcessRunner.Result {
            let file = dir.appendingPathComponent("c-\(UUID().uuidString).json")
            try Data(json.utf8).write(to: file)
            return try await Self.bounded(["serve", "--in-memory", "--port", "0", "--config", file.path])
        }
        let missingKeys = try await serve(#"{"apple": {"jwks_file": "/nonexistent/apple-jwks.json"}}"#)
        #expect(
            missingKeys.status == 2 && missingKeys.stderr.contains("apple.jwks_file")
                && missingKeys.stderr.contains("/nonexistent/apple-jwks.json"),
            "\(missingKeys.stderr)")
        #expect(!missingKeys.stderr.contains("Error Domain"), "\(missingKeys.stderr)")
        let badKeys = try await serve(#"{"apple": {"jwks": "not a jwks"}}"#)
        #expect(badKeys.status == 2 && badKeys.stderr.contains("apple.jwks"), "\(badKeys.stderr)")
        let badPasskey = try await serve(
            #"""
            {"password_hash_log_n": 10, "users": [{"email": "alice@example.com", "password": "x"},
              {"email": "bob@example.com", "passkey_credential_id": "<base64url>", "passkey_public_key": "<COSE key, base64url>"}]}
            """#)
        #expect(
            badPasskey.status == 2 && badPasskey.stderr.contains("users[1]") && badPasskey.stderr.contains("bob@example.com"),
            "\(badPasskey.stderr)")
        let badEmail = try await serve(#"{"users": [{"email": "not an email"}]}"#)
        #expect(badEmail.status == 2 && badEmail.stderr.contains("users[0]"), "\(badEmail.stderr)")
        let missingFile = try await Self.bounded(["serve", "--in-memory", "--port", "0", "--config", "/nonexistent/config.json"])
        #expect(missingFile.status == 2 && missingFile.stderr.contains("/nonexistent/config.json"), "\(missingFile.stderr)")
    }

    // MARK: hints

    @Test func hintsForAutofillAndUnknownChoices() async throws {
        let d = try await Device()
        let autofill = try await d.run(
            ["get", "--origin", "https://localhost", "--display", "autofill"], stdin: #"{"challenge":"AAAA","rpId":"localhost"}"#)
        #expect(autofill.status == 1 && autofill.stderr.contains("--modal passkey"), "\(autofill.stderr)")
        let choose = try await d.run(["get", "--origin", "https://localhost", "--modal", "password", "--choose", "bogus"])
        #expect(
            choose.status == 2 && choose.stderr.contains("first, cancel, user:NAME, index:N or kind:passkey|password|apple"),
            "\(choose.stderr)")
        #expect(!choose.stderr.contains("matched nothing"), "\(choose.stderr)")
    }

    /// `profile update --set email=…` points at `profile update-email`, which exists, as does
    /// `profile update-phone` (national numbers read in the server's default country, FR).
    @Test func profileUpdateEmailAndPhone() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        let signup = try await d.run(["signup", "--email", "ed@example.com", "--password-stdin"], stdin: "an unusual passphrase for ed\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        let refused = try await d.run(["profile", "update", "--set", "email=eddy@example.com"])
        #expect(refused.status == 1 && refused.stderr.contains("latchkey profile update-email"), "\(refused.stderr)")
        let email = try await d.run(["profile", "update-email", "--email", "eddy@example.com"])
        #expect(email.status == 0 && email.stdout.contains("eddy@example.com"), "\(email.stdout)|\(email.stderr)")
        let phone = try await d.run(["profile", "update-phone", "--phone", "06 12 34 56 78"])
        #expect(phone.status == 0 && phone.stdout.contains("+33612345678"), "\(phone.stdout)|\(phone.stderr)")
        let shown = try await d.run(["profile", "show"])
        #expect(shown.stdout.contains("eddy@example.com") && shown.stdout.contains("+33612345678"), "\(shown.stdout)")
        await #expect(try d.run(["profile", "update-email"]).status == 2)
    }
}
