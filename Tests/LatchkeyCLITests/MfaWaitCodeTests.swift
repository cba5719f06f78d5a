import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Finding 10 of issue #28: `latchkey login --mfa email --wait-code` took the first emailed code
/// after its cursor, whoever it was for: with other mail flowing it failed 7 logins in 8, each
/// spending a wrong guess. The step-up message names its challenge, and the CLI takes only that.
@Suite(.serialized) struct MfaWaitCodeTests {
    typealias Device = AccountCommandTests.Device

    /// Other accounts sign up (each sends a verification email with a code) without pause until
    /// told to stop, a bounded number of times.
    final class MailFlow: Sendable {
        let stopped = Atomic<Bool>(false)
        let sent = Atomic<Int>(0)

        func run(server: String) async {
            for n in 0..<5_000 where !stopped.load(ordering: .relaxed) {
                var request = URLRequest(url: URL(string: server + "/identity/v1/signup-token")!)
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(
                    #"{"client_id":"latchkey-local","data":{"email":"flow-\#(n)@example.com","password":"correct horse battery staple"}}"#
                        .utf8)
                if (try? await URLSession.shared.data(for: request)) != nil { sent.add(1, ordering: .relaxed) }
            }
        }
    }

    @Test func theStepUpTakesItsOwnCodeWhileOtherMailFlows() async throws {
        let server = try ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { _ = server.terminate() }
        let d = try Device(server: server.baseURL)
        let signup = try d.run(
            ["signup", "--email", "ivy@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        #expect(try d.run(["mfa", "register", "email", "--wait-code"]).status == 0)
        #expect(try d.run(["logout"]).status == 0)

        let flow = MailFlow()
        let background = Task.detached { await flow.run(server: server.baseURL) }
        defer {
            flow.stopped.store(true, ordering: .relaxed)
            background.cancel()
        }
        let login = ["login", "--modal", "password", "--display", "immediate", "--mfa", "email", "--wait-code"]
        for attempt in 1...3 {
            let stepped = try d.run(login)
            #expect(stepped.status == 0 && stepped.stdout == "logged in ivy@example.com\n", "attempt \(attempt): \(stepped.stderr)")
            #expect(try d.run(["logout"]).status == 0)
        }
        flow.stopped.store(true, ordering: .relaxed)
        await background.value
        #expect(flow.sent.load(ordering: .relaxed) > 0, "mail flowed during the logins")
    }
}
