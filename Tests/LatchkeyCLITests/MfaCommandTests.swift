import Foundation
import TestSupport
import Testing

/// `latchkey mfa` and `latchkey login`'s step-up end to end against `latchkey serve` as a child
/// process: a factor registered with the code from the emulator's outbox, a step-up that trusts
/// the device (the vault keeps its cookie), the next login skipping it, and the step-up back once
/// the device is deleted.
@Suite(.serialized) struct MfaCommandTests {
    typealias Device = AccountCommandTests.Device

    @Test func stepUpWithATrustedDeviceThenWithoutIt() async throws {
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        let signup = try await d.run(
            ["signup", "--email", "mia@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n")
        #expect(signup.status == 0, "\(signup.stderr)")
        await #expect(try d.run(["mfa", "list"]).stdout == "no second factor\n")

        let register = try await d.run(["mfa", "register", "email", "--wait-code"])
        #expect(register.status == 0 && register.stdout == "registered email mia@example.com\n", "\(register.stdout)|\(register.stderr)")
        let listed = try await d.run(["mfa", "list", "--json"])
        let factors = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(
            factors.count == 1 && factors.first?["type"] as? String == "email" && factors.first?["email"] as? String == "mia@example.com")
        await #expect(try d.run(["logout"]).status == 0)

        // Without --mfa and without a terminal: the step-up is named, with how to pass it; no session.
        let password = ["login", "--modal", "password", "--display", "immediate"]
        let bare = try await d.run(password)
        #expect(bare.status == 1 && bare.stderr.contains("second factor") && bare.stderr.contains("--mfa email|phone"), "\(bare.stderr)")
        let afterBare = try await d.run(["vault", "list"]).stdout
        #expect(!afterBare.contains("session"))

        let stepped = try await d.run(password + ["--mfa", "email", "--wait-code", "--trust-device"])
        #expect(stepped.status == 0 && stepped.stdout == "logged in mia@example.com\n", "\(stepped.stdout)|\(stepped.stderr)")
        let vault = try await d.run(["vault", "list"]).stdout
        #expect(vault.contains("session") && vault.contains("cookie"), "\(vault)")
        await #expect(try d.run(["logout"]).status == 0)

        // The same vault is a trusted device: no step-up, even after the logout.
        let trusted = try await d.run(password)
        #expect(trusted.status == 0 && trusted.stdout == "logged in mia@example.com\n", "\(trusted.stderr)")
        // Another vault (another device) is not.
        let other = try await Device(server: server.baseURL)
        let otherLogin = try await other.run(
            ["vault", "add-password", "--domain", "localhost", "--username", "mia@example.com"],
            stdin: "correct horse battery staple\n")
        #expect(otherLogin.status == 0, "\(otherLogin.stderr)")
        await #expect(try other.run(password).status == 1)

        let devices = try await d.run(["mfa", "devices", "--json"])
        let listedDevices = try #require(try JSONSerialization.jsonObject(with: Data(devices.stdout.utf8)) as? [[String: Any]])
        let id = try #require(listedDevices.first?["id"] as? String)
        #expect(listedDevices.count == 1)
        // The device is named by the SDK's user agent, not FoundationNetworking's "(unknown version) curl/…".
        let agent = listedDevices.first?["user_agent"] as? String ?? listedDevices.first?["userAgent"] as? String ?? ""
        #expect(agent.contains("ReachFive-iOS-SDK/") && !agent.contains("unknown version"), "\(agent)")
        await #expect(try d.run(["mfa", "devices", "delete", id]).stdout == "deleted trusted device \(id)\n")
        await #expect(try d.run(["mfa", "devices"]).stdout == "no trusted device\n")
        await #expect(try d.run(["logout"]).status == 0)
        let again = try await d.run(password)
        #expect(again.status == 1 && again.stderr.contains("second factor"), "\(again.stderr)")
    }

    @Test func phoneFactorRegisterStepUpBySmsAndDelete() async throws {
        // A phone factor needs SMS on (with it off, no SMS leaves the server: the register is refused).
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-sms-\(UUID().uuidString).json")
        try Data(#"{"sms": true}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        let off = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        let offDevice = try await Device(server: off.baseURL)
        await #expect(
            try offDevice.run(
                ["signup", "--email", "noa@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n"
            ).status == 0)
        let refused = try await offDevice.run(["mfa", "register", "phone", "--phone", "+33612345678", "--wait-code"])
        #expect(refused.status == 1 && refused.stderr.contains("not enabled"), "\(refused.stderr)")
        _ = await off.terminate()
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api", "--config", config.path])
        defer { server.stop() }
        let d = try await Device(server: server.baseURL)
        await #expect(
            try d.run(
                ["signup", "--email", "noa@example.com", "--password-stdin", "--save-password"], stdin: "correct horse battery staple\n"
            ).status == 0)
        // A usage mistake is exit 2, before any request.
        await #expect(try d.run(["mfa", "register", "phone"]).status == 2)
        await #expect(try d.run(["mfa", "register", "email", "--code", "1", "--wait-code"]).status == 2)
        await #expect(try d.run(["login", "--wait-code"]).status == 2)

        let register = try await d.run(["mfa", "register", "phone", "--phone", "+33612345678", "--wait-code"])
        #expect(register.status == 0 && register.stdout == "registered phone +33612345678\n", "\(register.stdout)|\(register.stderr)")
        await #expect(try d.run(["logout"]).status == 0)
        // A wrong code is refused by the server, and leaves no session.
        let wrong = try await d.run(["login", "--modal", "password", "--display", "immediate", "--mfa", "phone", "--code", "000000"])
        let afterWrong = try await d.run(["vault", "list"]).stdout
        #expect(wrong.status == 1 && !afterWrong.contains("session"), "\(wrong.stderr)")
        let stepped = try await d.run(["login", "--modal", "password", "--display", "immediate", "--mfa", "sms", "--wait-code"])
        #expect(stepped.status == 0, "\(stepped.stderr)")
        await #expect(try d.run(["mfa", "delete", "phone", "--phone", "+33612345678"]).stdout == "deleted phone factor +33612345678\n")
        await #expect(try d.run(["mfa", "list"]).stdout == "no second factor\n")
    }
}
