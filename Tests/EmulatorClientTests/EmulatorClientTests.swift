import EmulatorClient
import Foundation
import IdentityServer
import TestSupport
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The emulator client against a real server in this process: every call the API offers, typed.
final class EmulatorClientTests: XCTestCase {
    private var server: RunningServer!
    private var emulator: EmulatorClient!

    override func setUp() async throws {
        var c = ServerConfiguration()
        c.passwordHashLogN = 10
        c.emulatorAPI = true
        server = try await IdentityServerApplication.start(configuration: c, logLevel: .critical)
        emulator = try EmulatorClient(baseURL: server.baseURL)
    }

    override func tearDown() async throws { await server.stop() }

    /// Starts a passwordless login by email: the server sends a code to `email`.
    private func sendCode(to email: String) async throws {
        let url = try XCTUnwrap(URL(string: server.baseURL + "/identity/v1/passwordless/start"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let body: [String: Any] = [
            "client_id": "latchkey-local", "email": email, "auth_type": "magic_link", "response_type": "code",
            "redirect_uri": "reachfive-latchkey-local://callback", "code_challenge": String(repeating: "A", count: 43),
            "code_challenge_method": "S256", "state": "s",
        ]
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204, String(decoding: data, as: UTF8.self))
    }

    /// `waitForMessage(after:)` long-polls past what was there, and returns the message sent
    /// while it waited; the code and link come typed.
    func testWaitForMessageSeesAMessageSentWhileItWaits() async throws {
        try await emulator.createAccount(["email": "wait@example.com", "email_verified": true])
        try await sendCode(to: "wait@example.com")
        let first = try await emulator.waitForMessage(to: "wait@example.com", timeout: .zero)
        let cursor = try await emulator.outboxCursor()
        XCTAssertEqual(cursor, first.id)
        let emulator = self.emulator!
        let waiting = Task { try await emulator.waitForMessage(to: "wait@example.com", after: cursor, timeout: .seconds(120)) }
        // Sent only once the long-poll waits in the server: the message arrives while it waits.
        let server = self.server!
        let inServer = await eventually { server.environment.openOutboxPolls == 1 }
        XCTAssertTrue(inServer, "the long-poll never reached the server")
        try await sendCode(to: "wait@example.com")
        let second = try await waiting.value
        XCTAssertGreaterThan(second.id, first.id)
        XCTAssertEqual(second.channel, .email)
        XCTAssertEqual(second.to, "wait@example.com")
        XCTAssertNotNil(second.code ?? second.link, "the message carries a code or a link")
        if let link = second.link { XCTAssertNotNil(URLComponents(string: link)) }
    }

    /// With nothing sent, a zero timeout is `.noMessage` at once.
    func testNoMessageIsATypedError() async throws {
        do {
            _ = try await emulator.waitForMessage(to: "nobody@example.com", timeout: .zero)
            XCTFail("found a message to nobody")
        } catch {
            XCTAssertEqual(error, .noMessage(to: "nobody@example.com", seconds: 0))
        }
    }

    func testClockAdvances() async throws {
        let before = try await emulator.clock()
        XCTAssertEqual(before.advancedSeconds, 0)
        let after = try await emulator.advanceClock(seconds: 3600)
        XCTAssertEqual(after.advancedSeconds, 3600)
        XCTAssertNotEqual(after.now, before.now)
    }

    func testFaultsArePlannedListedAndCleared() async throws {
        let planned = try await emulator.addFault(PlannedFault(path: "/oauth/token", status: 503, count: 2, delayMilliseconds: 5))
        XCTAssertEqual(planned, [PlannedFault(path: "/oauth/token", status: 503, error: "server_error", count: 2, delayMilliseconds: 5)])
        try await assertEqual(try await emulator.faults().count, 1)
        try await emulator.clearFaults()
        try await assertEqual(try await emulator.faults(), [])
    }

    func testSnapshotsRestoreAccounts() async throws {
        try await emulator.createAccount(["email": "before@example.com", "password": "correct horse battery staple"])
        let snapshot = try await emulator.saveSnapshot()
        try await emulator.createAccount(["email": "after@example.com"])
        try await assertEqual(try await emulator.accounts().count, 2)
        try await emulator.restoreSnapshot(snapshot)
        let accounts = try await emulator.accounts()
        XCTAssertEqual(accounts.map(\.email), ["before@example.com"])
        XCTAssertEqual(accounts.first?.hasPassword, true)
        try await assertEqual(try await emulator.account(identifier: "BEFORE@example.com")?.uid, accounts.first?.uid)
        do {
            try await emulator.restoreSnapshot("no-such-snapshot")
            XCTFail("restored an unknown snapshot")
        } catch {
            XCTAssertEqual(error, .refused(status: 404, error: "not_found", path: "/emulator/v1/restore"))
        }
    }

    func testJournalAndLimits() async throws {
        // The journal keeps the identity API's requests, not the emulator's own.
        _ = try await emulator.clock()
        let (_, response) = try await URLSession(configuration: .ephemeral).data(
            from: try XCTUnwrap(URL(string: server.baseURL + "/identity/v1/config?client_id=latchkey-local")))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let journal = try await emulator.requests(limit: 10)
        XCTAssertTrue(journal.contains { $0.method == "GET" && $0.path == "/identity/v1/config" && $0.status == 200 }, "\(journal)")
        XCTAssertFalse(journal.contains { $0.path.hasPrefix("/emulator/") }, "\(journal)")
        let limits = try await emulator.limits()
        XCTAssertGreaterThan(limits.outboxCapacity, 0)
    }

    /// A server without the emulator API is `.apiOff`, and nothing listening is `.unreachable`.
    func testAnOffAPIAndAnAbsentServerAreTypedErrors() async throws {
        var c = ServerConfiguration()
        c.emulatorAPI = false
        let plain = try await IdentityServerApplication.start(configuration: c, logLevel: .critical)
        let off = try EmulatorClient(baseURL: plain.baseURL)
        do {
            _ = try await off.outbox()
            XCTFail("an API that is off answered")
        } catch {
            XCTAssertEqual(error, .apiOff(plain.baseURL))
        }
        await plain.stop()
        do {
            _ = try await off.outbox()
            XCTFail("a stopped server answered")
        } catch {
            guard case .unreachable = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try EmulatorClient(baseURL: "not a url"))
    }

    private func assertEqual<T: Equatable>(_ a: T, _ b: T, file: StaticString = #filePath, line: UInt = #line) async throws {
        XCTAssertEqual(a, b, file: file, line: line)
    }
}
