import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `latchkey signup/login/profile/email/logout` end to end against `latchkey serve` running as
/// a child process: what a person at a terminal (or a CI script) does.
@Suite(.serialized) struct AccountCommandTests {
    /// One device: its own vault (the keychain and the session store), pointed at the server.
    struct Device {
        let dir: URL
        let server: String
        init(server: String) async throws {
            self.server = server
            dir = try CLIRunner.temporaryDirectory()
            #expect(try await run(["vault", "init", "--kdf-log-n", "10"]).status == 0)
        }
        var env: [String: String] {
            ["LATCHKEY_VAULT": dir.appendingPathComponent("v.db").path, "LATCHKEY_PASSPHRASE": "pw", "LATCHKEY_SERVER": server]
        }
        func run(_ args: [String], stdin: String = "") async throws -> ProcessRunner.Result {
            try await CLIRunner.run(args, stdin: Array(stdin.utf8), environment: env)
        }
    }

    static func emulator(_ server: String, _ method: String, _ path: String, _ body: String? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: server + path)!)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    @Test func passkeySignupThenImmediateLoginAndAnEmptyVaultExitsThree() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let phone = try await Device(server: server.baseURL)
        // Typed in capitals: the session, like the passkey, keeps the address as the server spells it.
        let signup = try await phone.run(["signup", "--email", "ADA@Example.com", "--passkey", "--given-name", "Ada"])
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stdout.hasPrefix("signed up ada@example.com"))
        #expect(!signup.stdout.contains("eyJ"), "tokens are printed only with --json")
        let listed = try await phone.run(["vault", "list"])
        #expect(listed.stdout.contains("passkey") && listed.stdout.contains("session"))
        #expect(!listed.stdout.contains("ADA@"), "\(listed.stdout)")

        let login = try await phone.run(["login", "--modal", "passkey,password,apple", "--display", "immediate", "--json"])
        #expect(login.status == 0, "\(login.stderr)")
        let token = try #require(try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])
        #expect((token["access_token"] as? String)?.split(separator: ".").count == 3)
        #expect(token["user"] as? String == "ada@example.com")

        // A --choose that names nobody on the sheet cancels, and says why.
        let typo = try await phone.run(["login", "--choose", "user:nobody", "--display", "immediate"])
        #expect(typo.status == 3 && typo.stderr.contains("--choose user:nobody matched nothing") && typo.stderr.contains("ada@example.com"))

        let empty = try await Device(server: server.baseURL)
        let canceled = try await empty.run(["login", "--modal", "passkey,password,apple", "--display", "immediate"])
        #expect(canceled.status == 3 && canceled.stdout.contains("AuthCanceled"))
        // A dismissed creation sheet reports AuthCanceled the same way, on stdout, and saves nothing.
        let dismissed = try await empty.run(["signup", "--email", "grace@example.com", "--passkey", "--choose", "cancel"])
        #expect(
            dismissed.status == 3 && dismissed.stdout == "AuthCanceled\n" && dismissed.stderr.isEmpty,
            "\(dismissed.stdout)|\(dismissed.stderr)")
        await #expect(try empty.run(["vault", "list"]).stdout.contains("passkey") == false)
        // Nothing was signed, so the server saw no assertion from the empty device.
        let journal = try await Self.emulator(server.baseURL, "GET", "/emulator/v1/requests?limit=1000")
        let paths = (journal["requests"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.filter { $0 == "/identity/v1/webauthn/authentication" }.count == 1)
    }

    @Test func passwordProfileEmailRefreshAndLogout() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        let password = "correct horse battery staple"
        let signup = try await d.run(
            ["signup", "--email", "Bob@Example.com", "--password-stdin", "--given-name", "Bob", "--family-name", "Builder"],
            stdin: password + "\n")
        #expect(signup.status == 0, "\(signup.stderr)")

        // A weak password is the server's 400, with its message, and exit 1.
        let weak = try await Device(server: server.baseURL).run(
            ["signup", "--email", "weak@example.com", "--password-stdin"], stdin: "1234")
        #expect(weak.status == 1 && weak.stderr.contains("RequestError") && weak.stderr.contains("password_too_weak"))

        let update = try await d.run(["profile", "update", "--set", "nickname=bob", "--delete", "family_name"])
        #expect(update.status == 0, "\(update.stderr)")
        let shown = try await #require(
            try JSONSerialization.jsonObject(with: Data(try d.run(["profile", "show"]).stdout.utf8)) as? [String: Any])
        #expect(shown["nickname"] as? String == "bob" && shown["family_name"] == nil && shown["given_name"] as? String == "Bob")
        #expect(shown["email_verified"] as? Bool == false)

        await #expect(try d.run(["email", "send"]).stdout == "sent\n")
        let wrong = try await d.run(["email", "verify", "--email", "bob@example.com", "--code", "000000"])
        #expect(wrong.status == 1 && wrong.stderr.contains("RequestError"))
        let verified = try await d.run(["email", "verify", "--email", "bob@example.com", "--wait-code"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stderr.contains("waiting up to 30 s"))
        await #expect(try d.run(["email", "send"]).stdout == "already-verified\n")

        // The server's clock passes the access token's hour: the CLI refreshes once and goes on,
        // keeping the rotated refresh token (the old one would now revoke the whole family).
        let before = try await d.run(["vault", "list", "--json"]).stdout
        _ = try await Self.emulator(server.baseURL, "POST", "/emulator/v1/clock", #"{"advance_seconds": 7200}"#)
        let afterExpiry = try await d.run(["profile", "show"])
        #expect(afterExpiry.status == 0, "\(afterExpiry.stderr)")
        #expect(afterExpiry.stdout.contains(#""email_verified" : true"#))
        await #expect(try d.run(["profile", "show"]).status == 0)
        await #expect(try d.run(["vault", "list", "--json"]).stdout != before)

        // A password saved in the keychain is what a password login offers.
        _ = try await d.run(["vault", "add-password", "--domain", "localhost", "--username", "bob@example.com"], stdin: password)
        let first = try await d.run(["login", "--modal", "password", "--display", "immediate", "--json"])
        let firstTokens = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let firstRefresh = try #require(firstTokens["refresh_token"] as? String)
        let login = try await d.run(["login", "--modal", "password", "--display", "immediate"])
        #expect(login.status == 0 && login.stdout == "logged in bob@example.com\n", "\(login.stderr)")
        // The login replaced the first session and revoked it: its refresh token is refused.
        var refresh = URLRequest(url: URL(string: server.baseURL + "/oauth/token")!)
        refresh.httpMethod = "POST"
        refresh.setValue("application/json", forHTTPHeaderField: "Content-Type")
        refresh.httpBody = try JSONSerialization.data(withJSONObject: [
            "grant_type": "refresh_token", "refresh_token": firstRefresh, "client_id": "latchkey-local",
        ])
        let (_, refused) = try await URLSession.shared.data(for: refresh)
        #expect((refused as? HTTPURLResponse)?.statusCode == 400)

        let logout = try await d.run(["logout"])
        #expect(logout.status == 0 && logout.stdout == "logged out\n")
        let after = try await d.run(["profile", "show"])
        #expect(after.status == 1 && after.stderr.contains("not signed in"))
        await #expect(try d.run(["logout"]).stdout == "not signed in\n")

        // Past the refresh token's 30 days the session is over: said so, and removed.
        await #expect(try d.run(["login", "--modal", "password", "--display", "immediate"]).status == 0)
        _ = try await Self.emulator(server.baseURL, "POST", "/emulator/v1/clock", #"{"advance_seconds": 3456000}"#)
        let expired = try await d.run(["profile", "show"])
        #expect(
            expired.status == 1 && expired.stderr.contains("expired or was revoked") && expired.stderr.contains("latchkey login"),
            "\(expired.stderr)")
        await #expect(!(try d.run(["vault", "list"]).stdout.contains("session")))
    }

    /// `--save-password` keeps the password for the site, so a password login finds it; without
    /// it the keychain has nothing to offer and the immediate login cancels.
    @Test func savedPasswordSignupThenPasswordLogin() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let saving = try await Device(server: server.baseURL)
        let signup = try await saving.run(
            ["signup", "--email", "cy@example.com", "--password-stdin", "--save-password"], stdin: "a long and unusual passphrase\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        await #expect(try saving.run(["vault", "list"]).stdout.contains("cy@example.com"))
        let login = try await saving.run(["login", "--modal", "password", "--display", "immediate"])
        #expect(login.status == 0 && login.stdout == "logged in cy@example.com\n", "\(login.stderr)")

        let notSaving = try await Device(server: server.baseURL)
        let plain = try await notSaving.run(
            ["signup", "--email", "di@example.com", "--password-stdin"], stdin: "another unusual passphrase")
        #expect(plain.status == 0, "\(plain.stderr)")
        await #expect(try notSaving.run(["login", "--modal", "password", "--display", "immediate"]).status == 3)
        await #expect(try notSaving.run(["signup", "--email", "x@example.com", "--passkey", "--save-password"]).status == 2)
    }

    @Test func usageAndUnreachableServer() async throws {
        let d = try await Device(server: "http://127.0.0.1:9")
        await #expect(try d.run(["signup", "--email", "a@example.com"]).status == 2)
        await #expect(try d.run(["signup", "--email", "a@example.com", "--passkey", "--password-stdin"]).status == 2)
        await #expect(try d.run(["login", "--modal", "fingerprint"]).status == 2)
        await #expect(try d.run(["login", "--display", "sometimes"]).status == 2)
        await #expect(try d.run(["profile", "update"]).status == 2)
        await #expect(try d.run(["profile", "update", "--set", "shoe_size=44"]).status == 2)
        await #expect(try d.run(["email", "verify", "--email", "a@example.com"]).status == 2)
        // A malformed code is refused here, before the server spends one of its guesses on it.
        let short = try await d.run(["email", "verify", "--email", "a@example.com", "--code", "12"])
        #expect(short.status == 2 && short.stderr.contains("6 digits"), "\(short.stderr)")
        await #expect(try d.run(["login", "--server", "ftp://example.com"]).status == 2)
        let down = try await d.run(["login", "--display", "immediate"])
        #expect(down.status == 1 && down.stderr.contains("cannot reach http://127.0.0.1:9"))
    }
}
