import Foundation
import TestSupport
import XCTest

/// The console and the browser guard in headless Chromium, through Selenium: the whole flow a
/// person debugging a login would follow, and what a page on another origin cannot do.
final class ConsoleChromiumTests: XCTestCase {
    /// Acceptance: the console in headless Chromium through Selenium (see console_selenium.py).
    /// Screenshots of every page go to a temporary folder, printed at the end.
    func testConsoleInHeadlessChromium() async throws {
        let python = try await seleniumPython()
        // SMS on: the walk-through registers a phone factor (with SMS off no code goes to a phone).
        let config = try ScratchDirectory.make("console-config").appendingPathComponent("sms.json")
        try Data(#"{"sms": true}"#.utf8).write(to: config)
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api", "--config", config.path])
        defer { server.stop() }
        let shots = try ScratchDirectory.make("console-screenshots")
        let result = try await ProcessRunner.run(
            python,
            [
                InteropTests.interop.appendingPathComponent("console_selenium.py").path, server.baseURL,
                ProcessRunner.product("latchkey").path, shots.path,
            ])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS the verified flag flips"), result.stdout)
        XCTAssertTrue(result.stdout.contains("PASS the emulator API reports the passkey gone"), result.stdout)
        for line in [
            "PASS the outbox shows the step-up code", "PASS the account page lists the MFA factors and trusted device",
            "PASS the emulator API reports the SMS factor gone", "PASS the emulator API reports the trusted device gone",
        ] {
            XCTAssertTrue(result.stdout.contains(line), "missing \(line) in\n\(result.stdout)")
        }
        let taken = (try? FileManager.default.contentsOfDirectory(atPath: shots.path)) ?? []
        XCTAssertTrue(taken.contains("outbox.png") && taken.contains("settings.png") && taken.contains("account-mfa.png"), "\(taken)")
        print("console screenshots: \(shots.path)")
    }

    /// Acceptance (issue 18, 5 and 6): in headless Chromium, a page on another origin cannot
    /// change emulator state by any path spelling (fetch and forms), and a document on a rebound
    /// name at the server's port is refused everything (see browser_guard_selenium.py).
    func testAnotherOriginCannotDriveTheEmulatorInHeadlessChromium() async throws {
        let python = try await seleniumPython()
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let result = try await ProcessRunner.run(
            python, [InteropTests.interop.appendingPathComponent("browser_guard_selenium.py").path, server.baseURL])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("FAIL "), result.stdout)
        for line in [
            "PASS the control request from the attacker's page reached the server", "PASS no fetch spelling changed the emulator's state",
            "PASS no form spelling changed the emulator's state", "PASS rebound GET /console/outbox is refused",
            "PASS the rebound page changed nothing", "PASS the console opens at http://localhost:",
        ] {
            XCTAssertTrue(result.stdout.contains(line), "missing \(line) in\n\(result.stdout)")
        }
    }
}
