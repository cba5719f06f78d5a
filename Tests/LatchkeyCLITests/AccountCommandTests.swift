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
        init(server: String) throws {
            self.server = server
            dir = try CLIRunner.temporaryDirectory()
            #expect(try run(["vault", "init", "--kdf-log-n", "10"]).status == 0)
        }
        var env: [String: String] {
            ["LATCHKEY_VAULT": dir.appendingPathComponent("v.db").path, "LATCHKEY_PASSPHRASE": "pw", "LATCHKEY_SERVER": server]
        }
        func run(_ args: [String], stdin: String = "") throws -> ProcessRunner.Result {
            try CLIRunner.run(args, stdin: Array(stdin.utf8), environment: env)
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
        let server = try ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { _ = server.terminate() }
        let phone = try Device(server: server.baseURL)
        // Typed in capitals: the session, like the passkey, keeps the address as the server spells it.
        let signup = try phone.run(["signup", "--email", "ADA@Example.com", "--passkey", "--given-name", "Ada"])
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(signup.stdout.hasPrefix("signed up ada@example.com"))
        #expect(!signup.stdout.contains("eyJ"), "tokens are printed only with --json")
        let listed = try phone.run(["vault", "list"])
        #expect(listed.stdout.contains("passkey") && listed.stdout.contains("session"))
        #expect(!listed.stdout.contains("ADA@"), "\(listed.stdout)")

        let login = try phone.run(["login", "--modal", "passkey,password,apple", "--display", "immediate", "--json"])
        #expect(login.status == 0, "\(login.stderr)")
        let token = try #require(try JSONSerialization.jsonObject(with: Data(login.stdout.utf8)) as? [String: Any])
        #expect((token["access_token"] as? String)?.split(separator: ".").count == 3)
        #expect(token["user"] as? String == "ada@example.com")

        // A --choose that names nobody on the sheet cancels, and says why.
        let typo = try phone.run(["login", "--choose", "user:nobody", "--display", "immediate"])
        #expect(typo.status == 3 && typo.stderr.contains("--choose user:nobody matched nothing") && typo.stderr.contains("ada@example.com"))

        let empty = try Device(server: server.baseURL)
        let canceled = try empty.run(["login", "--modal", "passkey,password,apple", "--display", "immediate"])
        #expect(canceled.status == 3 && canceled.stdout.contains("AuthCanceled"))
        // A dismissed creation sheet reports AuthCanceled the same way, on stdout, and saves nothing.
        let dismissed = try empty.run(["signup", "--email", "grace@example.com", "--passkey", "--choose", "cancel"])
        #expect(
            dismissed.status == 3 && dismissed.stdout == "AuthCanceled\n" && dismissed.stderr.isEmpty,
            "\(dismissed.stdout)|\(dismissed.stderr)")
        #expect(try empty.run(["vault", "list"]).stdout.contains("passkey") == false)
        // Nothing was signed, so the server saw no assertion from the empty device.
        let journal = try await Self.emulator(server.baseURL, "GET", "/emulator/v1/requests?limit=1000")
        let paths = (journal["requests"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        #expect(paths.filter { $0 == "/identity/v1/webauthn/authentication" }.count == 1)
    }

    @Test func passwordProfileEmailRefreshAndLogout() async throws {
        let server = try ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { _ = server.terminate() }
        let d = try Device(server: server.baseURL)
        let password = "correct horse battery staple"
        let signup = try d.run(
            ["signup", "--email", "Bob@Example.com", "--password-stdin", "--given-name", "Bob", "--family-name", "Builder"],
            stdin: password + "\n")
        #expect(signup.status == 0, "\(signup.stderr)")

        // A weak password is the server's 400, with its message, and exit 1.
        let weak = try Device(server: server.baseURL).run(["signup", "--email", "weak@example.com", "--password-stdin"], stdin: "1234")
        #expect(weak.status == 1 && weak.stderr.contains("RequestError") && weak.stderr.contains("password_too_weak"))

        let update = try d.run(["profile", "update", "--set", "nickname=bob", "--delete", "family_name"])
        #expect(update.status == 0, "\(update.stderr)")
        let shown = try #require(
            try JSONSerialization.jsonObject(with: Data(try d.run(["profile", "show"]).stdout.utf8)) as? [String: Any])
        #expect(shown["nickname"] as? String == "bob" && shown["family_name"] == nil && shown["given_name"] as? String == "Bob")
        #expect(shown["email_verified"] as? Bool == false)

        #expect(try d.run(["email", "send"]).stdout == "sent\n")
        let wrong = try d.run(["email", "verify", "--email", "bob@example.com", "--code", "000000"])
        #expect(wrong.status == 1 && wrong.stderr.contains("RequestError"))
        let verified = try d.run(["email", "verify", "--email", "bob@example.com", "--wait-code"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stderr.contains("waiting up to 30 s"))
        #expect(try d.run(["email", "send"]).stdout == "already-verified\n")

        // The server's clock passes the access token's hour: the CLI refreshes once and goes on,
        // keeping the rotated refresh token (the old one would now revoke the whole family).
        let before = try d.run(["vault", "list", "--json"]).stdout
        _ = try await Self.emulator(server.baseURL, "POST", "/emulator/v1/clock", #"{"advance_seconds": 7200}"#)
        let afterExpiry = try d.run(["profile", "show"])
        #expect(afterExpiry.status == 0, "\(afterExpiry.stderr)")
        #expect(afterExpiry.stdout.contains(#""email_verified" : true"#))
        #expect(try d.run(["profile", "show"]).status == 0)
        #expect(try d.run(["vault", "list", "--json"]).stdout != before)

        // A password saved in the keychain is what a password login offers.
        _ = try d.run(["vault", "add-password", "--domain", "localhost", "--username", "bob@example.com"], stdin: password)
        let first = try d.run(["login", "--modal", "password", "--display", "immediate", "--json"])
        let firstTokens = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let firstRefresh = try #require(firstTokens["refresh_token"] as? String)
        let login = try d.run(["login", "--modal", "password", "--display", "immediate"])
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

        let logout = try d.run(["logout"])
        #expect(logout.status == 0 && logout.stdout == "logged out\n")
        let after = try d.run(["profile", "show"])
        #expect(after.status == 1 && after.stderr.contains("not signed in"))
        #expect(try d.run(["logout"]).stdout == "not signed in\n")

        // Past the refresh token's 30 days the session is over: said so, and removed.
        #expect(try d.run(["login", "--modal", "password", "--display", "immediate"]).status == 0)
        _ = try await Self.emulator(server.baseURL, "POST", "/emulator/v1/clock", #"{"advance_seconds": 3456000}"#)
        let expired = try d.run(["profile", "show"])
        #expect(
            expired.status == 1 && expired.stderr.contains("expired or was revoked") && expired.stderr.contains("latchkey login"),
            "\(expired.stderr)")
        #expect(!(try d.run(["vault", "list"]).stdout.contains("session")))
    }

    /// `--save-password` keeps the password for the site, so a password login finds it; without
    /// it the keychain has nothing to offer and the immediate login cancels.
    @Test func savedPasswordSignupThenPasswordLogin() throws {
        let server = try ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { _ = server.terminate() }
        let saving = try Device(server: server.baseURL)
        let signup = try saving.run(
            ["signup", "--email", "cy@example.com", "--password-stdin", "--save-password"], stdin: "a long and unusual passphrase\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(try saving.run(["vault", "list"]).stdout.contains("cy@example.com"))
        let login = try saving.run(["login", "--modal", "password", "--display", "immediate"])
        #expect(login.status == 0 && login.stdout == "logged in cy@example.com\n", "\(login.stderr)")

        let notSaving = try Device(server: server.baseURL)
        let plain = try notSaving.run(["signup", "--email", "di@example.com", "--password-stdin"], stdin: "another unusual passphrase")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try notSaving.run(["login", "--modal", "password", "--display", "immediate"]).status == 3)
        #expect(try notSaving.run(["signup", "--email", "x@example.com", "--passkey", "--save-password"]).status == 2)
    }

    @Test func usageAndUnreachableServer() throws {
        let d = try Device(server: "http://127.0.0.1:9")
        #expect(try d.run(["signup", "--email", "a@example.com"]).status == 2)
        #expect(try d.run(["signup", "--email", "a@example.com", "--passkey", "--password-stdin"]).status == 2)
        #expect(try d.run(["login", "--modal", "fingerprint"]).status == 2)
        #expect(try d.run(["login", "--display", "sometimes"]).status == 2)
        #expect(try d.run(["profile", "update"]).status == 2)
        #expect(try d.run(["profile", "update", "--set", "shoe_size=44"]).status == 2)
        #expect(try d.run(["email", "verify", "--email", "a@example.com"]).status == 2)
        // A malformed code is refused here, before the server spends one of its guesses on it.
        let short = try d.run(["email", "verify", "--email", "a@example.com", "--code", "12"])
        #expect(short.status == 2 && short.stderr.contains("6 digits"), "\(short.stderr)")
        #expect(try d.run(["login", "--server", "ftp://example.com"]).status == 2)
        let down = try d.run(["login", "--display", "immediate"])
        #expect(down.status == 1 && down.stderr.contains("cannot reach http://127.0.0.1:9"))
    }
}
