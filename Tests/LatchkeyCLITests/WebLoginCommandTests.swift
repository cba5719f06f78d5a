import Foundation
import TestSupport
import Testing

/// `latchkey login --web` and `--provider` against `latchkey serve` as a child process: the hosted
/// login page filled with the password `signup --save-password` kept, the SSO cookie kept in the
/// vault so the next web login shows no page, and `latchkey logout` ending it.
@Suite(.serialized) struct WebLoginCommandTests {
    typealias Device = AccountCommandTests.Device

    @Test func aWebLoginFromTheVaultThenASilentOneThenLogoutEndsIt() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let phone = try await Device(server: server.baseURL)
        let signup = try await phone.run(
            ["signup", "--email", "ada@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        // The account's email must be verified before a password logs in (the server's default).
        let code = try await AccountCommandTests.emulator(server.baseURL, "GET", "/emulator/v1/outbox?to=ada%40example.com")
        #expect((code["messages"] as? [Any])?.isEmpty == false)
        let verified = try await phone.run(["email", "verify", "--email", "ada@example.com", "--wait-code"])
        #expect(verified.status == 0, "\(verified.stderr)")

        let web = try await phone.run(["login", "--web", "--json"])
        #expect(web.status == 0, "\(web.stderr)")
        #expect(
            web.stdout.contains("\"user\":\"ada@example.com\"") || web.stdout.contains("\"user\" : \"ada@example.com\""), "\(web.stdout)")
        var sessions = try await AccountCommandTests.emulator(server.baseURL, "GET", "/emulator/v1/sessions")
        #expect((sessions["items"] as? [Any])?.count == 1, "\(sessions)")

        // The vault keeps the browser's cookie: the next web login needs no password (a person who
        // would cancel any page still logs in).
        let silent = try await phone.run(["login", "--web", "--choose", "cancel"])
        #expect(silent.status == 0 && silent.stdout.hasPrefix("logged in ada@example.com"), "\(silent.stdout)|\(silent.stderr)")

        let logout = try await phone.run(["logout"])
        #expect(logout.status == 0, "\(logout.stderr)")
        sessions = try await AccountCommandTests.emulator(server.baseURL, "GET", "/emulator/v1/sessions")
        #expect((sessions["items"] as? [Any])?.isEmpty == true, "\(sessions)")
        let canceled = try await phone.run(["login", "--web", "--choose", "cancel"])
        #expect(canceled.status == 3, "the page is back, and the person cancels it: \(canceled.stdout)|\(canceled.stderr)")

        let both = try await phone.run(["login", "--web", "--provider", "google"])
        #expect(both.status == 2, "\(both.stderr)")
    }

    @Test func aProviderLoginAddsTheIdentityAndOpensTheSession() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let laptop = try await Device(server: server.baseURL)
        let google = try await laptop.run(["login", "--provider", "google", "--identity", "kim@example.com"])
        #expect(google.status == 0 && google.stdout.hasPrefix("logged in kim@example.com"), "\(google.stdout)|\(google.stderr)")
        let sessions = try await AccountCommandTests.emulator(server.baseURL, "GET", "/emulator/v1/sessions")
        #expect((sessions["items"] as? [[String: Any]])?.first?["method"] as? String == "social", "\(sessions)")
        let silent = try await laptop.run(["login", "--web", "--choose", "cancel"])
        #expect(silent.status == 0 && silent.stdout.hasPrefix("logged in kim@example.com"), "\(silent.stdout)|\(silent.stderr)")
    }
}
