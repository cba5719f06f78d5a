import Foundation
import TestSupport
import Testing

/// Finding 10 of issue #28: `latchkey login --mfa email --wait-code` took the first emailed code
/// after its cursor, whoever it was for: with other mail flowing it failed 7 logins in 8, each
/// spending a wrong guess. The step-up message names its challenge, and the CLI takes only that.
@Suite(.serialized) struct MfaWaitCodeTests {
    typealias Device = AccountCommandTests.Device

    /// Other accounts signing up without pause (each signup emails a verification code), in a
    /// process of its own so that it flows whatever this test process's threads are doing. It
    /// writes how many it sent to `counter` after each, and stops after `limit` or when killed.
    static let mailFlow = """
        import json, sys, urllib.request
        base, counter, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
        for n in range(limit):
            body = json.dumps({"client_id": "latchkey-local",
                               "data": {"email": f"flow-{n}@example.com", "password": "correct horse battery staple"}}).encode()
            request = urllib.request.Request(base + "/identity/v1/signup-token", body, {"Content-Type": "application/json"})
            urllib.request.urlopen(request, timeout=30).read()
            with open(counter, "w") as f:
                f.write(str(n + 1))
        """

    static func sent(_ counter: URL) -> Int { (try? String(contentsOf: counter, encoding: .utf8)).flatMap { Int($0) } ?? 0 }

    @Test func theStepUpTakesItsOwnCodeWhileOtherMailFlows() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        let signup = try await d.run(
            ["signup", "--email", "ivy@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        await #expect(try d.run(["mfa", "register", "email", "--wait-code"]).status == 0)
        await #expect(try d.run(["logout"]).status == 0)

        let counter = try ScratchDirectory.make("mail-flow").appendingPathComponent("sent")
        let flow = Process()
        flow.executableURL = URL(
            fileURLWithPath: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3")
        flow.arguments = ["-c", Self.mailFlow, server.baseURL, counter.path, "3000"]
        flow.standardOutput = FileHandle.nullDevice
        flow.standardError = FileHandle.nullDevice
        try flow.run()
        defer { if flow.isRunning { flow.terminate() } }
        // The mail is flowing before the first login (a deadline, not a guess).
        _ = await eventually(within: .seconds(60)) { Self.sent(counter) >= 3 || !flow.isRunning }
        #expect(Self.sent(counter) >= 3, "the mail flow started")

        let login = ["login", "--modal", "password", "--display", "immediate", "--mfa", "email", "--wait-code"]
        for attempt in 1...3 {
            let stepped = try await d.run(login)
            #expect(stepped.status == 0 && stepped.stdout == "logged in ivy@example.com\n", "attempt \(attempt): \(stepped.stderr)")
            await #expect(try d.run(["logout"]).status == 0)
        }
    }
}
