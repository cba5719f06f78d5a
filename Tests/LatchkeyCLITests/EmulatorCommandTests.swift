import Foundation
import TestSupport
import Testing

/// `latchkey serve --export-on-exit` then `--import` (a SIGTERM between them), and
/// `latchkey emulator …` over every read and write of the emulator API, against `latchkey
/// serve` as a child process.
@Suite(.serialized) struct EmulatorCommandTests {
    typealias Device = AccountCommandTests.Device

    func json(_ result: ProcessRunner.Result) throws -> [String: Any] {
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    @Test func exportOnExitThenImportRestoresAccountsPasskeysFactorsOutboxAndClock() async throws {
        let folder = try CLIRunner.temporaryDirectory().appendingPathComponent("state")
        let first = try await ServeProcess.start(["--in-memory", "--emulator-api", "--export-on-exit", folder.path])
        let d = try await Device(server: first.baseURL)
        await #expect(try d.run(["signup", "--email", "ada@example.com", "--passkey", "--given-name", "Ada"]).status == 0)
        let mia = try await d.run(
            ["signup", "--email", "mia@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n")
        #expect(mia.status == 0, "\(mia.stderr)")
        let register = try await d.run(["mfa", "register", "email", "--wait-code"])
        #expect(register.status == 0, "\(register.stderr)")
        await #expect(try d.run(["emulator", "clock", "advance", "120"]).status == 0)
        let accountsBefore = try await json(try d.run(["emulator", "accounts", "--json"]))
        let outboxBefore = try await json(try d.run(["emulator", "outbox", "--json"]))
        #expect((outboxBefore["messages"] as? [Any])?.isEmpty == false)
        await #expect(first.terminate() == 0, "SIGTERM is a clean stop")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["identity-server.sqlite", "latchkey-emulator.json"], "\(files)")

        let second = try await ServeProcess.start(["--in-memory", "--emulator-api", "--import", folder.path])
        defer { second.stop() }
        let again = Device(reusing: d, server: second.baseURL)
        let accounts = try await json(try again.run(["emulator", "accounts", "--json"]))
        #expect(NSDictionary(dictionary: accounts).isEqual(to: accountsBefore), "accounts and their passkeys")
        let list = (accounts["accounts"] as? [[String: Any]]) ?? []
        #expect((list.first { $0["email"] as? String == "ada@example.com" }?["passkeys"] as? [Any])?.count == 1)
        let miaId = try #require(list.first { $0["email"] as? String == "mia@example.com" }?["uid"] as? String)
        let mfa = try await json(try again.run(["emulator", "accounts", "mfa", miaId, "--json"]))
        #expect((mfa["credentials"] as? [[String: Any]])?.first?["type"] as? String == "email", "\(mfa)")
        await #expect(try again.run(["emulator", "accounts", "mfa", miaId]).stdout.contains("factor email mia@example.com"))
        let outbox = try await json(try again.run(["emulator", "outbox", "--json"]))
        #expect(NSDictionary(dictionary: outbox).isEqual(to: outboxBefore), "the outbox")
        let clock = try await json(try again.run(["emulator", "clock", "--json"]))
        #expect(clock["advanced_seconds"] as? Double == 120)
        // The passkey still signs in, and the password with its factor still asks for it.
        let login = try await again.run(["login", "--modal", "passkey", "--display", "immediate"])
        #expect(login.status == 0, "\(login.stderr)")
        let password = try await again.run(["login", "--modal", "password", "--display", "immediate"])
        #expect(password.status == 1 && password.stderr.contains("second factor"), "\(password.stderr)")
    }

    @Test func importRefusesAFolderWithoutAnExport() async throws {
        let empty = try CLIRunner.temporaryDirectory()
        let r = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path])
        #expect(r.status == 2 && r.stderr.contains("no emulator export"), "\(r.stderr)")
        let missing = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path + "/nowhere"])
        #expect(missing.status == 2 && missing.stderr.contains("is not a folder"), "\(missing.stderr)")
        // A place the export could not be written is refused at start, not found at the stop.
        let file = empty.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let notFolder = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--export-on-exit", file])
        #expect(notFolder.status == 2 && notFolder.stderr.contains("not a folder"), "\(notFolder.stderr)")
        try FileManager.default.removeItem(atPath: file)
        try Data(#"{"version": 1, "clock_offset_seconds": -5, "exported_at": "x"}"#.utf8).write(
            to: empty.appendingPathComponent("latchkey-emulator.json"))
        let backwards = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path])
        #expect(backwards.status == 2 && backwards.stderr.contains("clock offset"), "\(backwards.stderr)")
        try Data(#"{"version": 1}"#.utf8).write(to: empty.appendingPathComponent("latchkey-emulator.json"))
        let partial = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path])
        #expect(partial.status == 2 && partial.stderr.contains("(no exported_at)"), "\(partial.stderr)")
        try Data("{\"version\": 9, \"exported_at\": \"x\", \"clock_offset_seconds\": 0}".utf8).write(
            to: empty.appendingPathComponent("latchkey-emulator.json"))
        let newer = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path])
        #expect(newer.status == 2 && newer.stderr.contains("format version 9"), "\(newer.stderr)")
        try Data("{\"version\": 1, \"exported_at\": \"x\", \"clock_offset_seconds\": 0}".utf8).write(
            to: empty.appendingPathComponent("latchkey-emulator.json"))
        try Data("not a database".utf8).write(to: empty.appendingPathComponent("identity-server.sqlite"))
        let damaged = try await CLIRunner.run(["serve", "--in-memory", "--port", "0", "--import", empty.path])
        #expect(damaged.status == 2 && damaged.stderr.contains("identity-server.sqlite"), "\(damaged.stderr)")

        // A refused import leaves a --db store as it was: the check comes before the restore.
        let db = try CLIRunner.temporaryDirectory().appendingPathComponent("state.db").path
        let owner = try await ServeProcess.start(["--db", db, "--emulator-api"])
        let created = try await CLIRunner.run(
            ["emulator", "accounts", "create", "--server", owner.baseURL, "--profile", "-"],
            stdin: Array(#"{"email":"kept@example.com"}"#.utf8))
        #expect(created.status == 0, "\(created.stderr)")
        await #expect(owner.terminate() == 0)
        let refused = try await CLIRunner.run(["serve", "--db", db, "--port", "0", "--import", empty.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        let after = try await ServeProcess.start(["--db", db, "--emulator-api"])
        defer { after.stop() }
        #expect(try await CLIRunner.run(["emulator", "accounts", "--server", after.baseURL]).stdout.contains("kept@example.com"))
    }

    @Test func everyEmulatorCallFromTheCommandLine() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        let created = try await d.run([
            "emulator", "accounts", "create", "--profile", #"{"email":"eve@example.com","password":"a long passphrase 1"}"#,
        ])
        #expect(created.status == 0, "\(created.stderr)")
        let uid = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        await #expect(try d.run(["emulator", "accounts"]).stdout.contains("\(uid)  email eve@example.com"))
        await #expect(try d.run(["emulator", "accounts", "mfa", uid]).stdout.contains("no second factor"))
        let unknown = try await d.run(["emulator", "accounts", "mfa", "nobody"])
        #expect(unknown.status == 1 && unknown.stderr.contains("404"), "\(unknown.stderr)")
        await #expect(try d.run(["emulator", "accounts", "create", "--profile", "[1]"]).status == 2)

        await #expect(try d.run(["emulator", "faults", "clear", "--json"]).stdout == "{}\n", "a no-content answer is an empty object")
        let fault = try await d.run(["emulator", "faults", "add", "--path", "/identity/v1/userinfo", "--status", "503", "--count", "2"])
        #expect(fault.stdout.contains("/identity/v1/userinfo  status 503"), "\(fault.stdout)")
        await #expect(try json(try d.run(["emulator", "faults", "--json"]))["faults"] as? [Any] != nil)
        await #expect(try d.run(["emulator", "faults", "clear"]).stdout == "cleared\n")
        await #expect(try d.run(["emulator", "faults"]).stdout == "no faults planned\n")
        await #expect(try d.run(["emulator", "faults", "add", "--path", "x"]).status == 2)

        await #expect(try d.run(["emulator", "clock", "advance", "30"]).stdout.contains("advanced 30"))
        await #expect(try d.run(["emulator", "clock", "advance", "-5"]).status == 2)

        let snapshot = try await d.run(["emulator", "snapshot"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        await #expect(try d.run(["emulator", "accounts", "clear"]).status == 2, "clear needs --yes")
        await #expect(try d.run(["emulator", "accounts", "clear", "--yes"]).stdout == "cleared\n")
        await #expect(try d.run(["emulator", "accounts"]).stdout == "no accounts\n")
        await #expect(try d.run(["emulator", "snapshot", "restore", snapshot]).stdout == "restored \(snapshot)\n")
        await #expect(try d.run(["emulator", "accounts"]).stdout.contains("eve@example.com"))
        await #expect(try d.run(["emulator", "snapshot", "restore", "no-such-snapshot"]).status == 1)
        // Ids are hex (never read as an option), and an id is a name in the snapshot folder, never a path.
        #expect(snapshot.count == 24 && snapshot.allSatisfy(\.isHexDigit), "\(snapshot)")
        await #expect(try d.run(["emulator", "snapshot", "restore", "../\(snapshot)"]).status == 1)

        // A magic link lands in the outbox; outbox --wait sees it, then clear empties it.
        await #expect(try d.run(["emulator", "outbox"]).stdout == "no messages\n")
        let waited = try await d.run(["emulator", "outbox", "--to", "nobody@example.com", "--wait", "0.5"])
        #expect(waited.status == 1 && waited.stderr.contains("no message arrived"))
        await #expect(try d.run(["emulator", "requests", "--limit", "5"]).status == 0)
        await #expect(try d.run(["emulator", "limits"]).stdout.contains("codes_per_identifier"))
        await #expect(try d.run(["emulator", "outbox", "clear"]).stdout == "cleared\n")

        let off = try await ServeProcess.start(["--in-memory"])
        let noAPI = try await CLIRunner.run(["emulator", "clock", "--server", off.baseURL])
        #expect(noAPI.status == 1 && noAPI.stderr.contains("--emulator-api"), "\(noAPI.stderr)")
        _ = await off.terminate()
        #expect(try await CLIRunner.run(["emulator", "clock", "--server", "ftp://x"]).status == 2)
    }
}

extension AccountCommandTests.Device {
    /// The same vault (passkeys, sessions, trusted-device cookies) pointed at another server.
    init(reusing device: Self, server: String) {
        self.dir = device.dir
        self.server = server
    }
}
