import EmulatorClient
import Encoding
import Foundation
import JOSE
import SQLite
import TestSupport
import XCTest

@testable import IdentityServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What survives the process: accounts and the signing key across a restart, every
/// acknowledged signup across SIGKILL, a clean exit on SIGTERM.
final class PersistenceTests: XCTestCase {
    /// A file written by the previous schema (version 2) opens under the current one: its outbox
    /// keeps every message and id, and from then on ids are never handed out twice.
    func testAVersionTwoFileMigratesAndKeepsItsOutbox() throws {
        let path = try ScratchDirectory.make("migration").appendingPathComponent("identity.db").path
        do {
            let old = try Database(path: path, options: .init(create: true))
            try Migrations(Array(StoreSchema.migrations.steps.prefix(2))).apply(to: old)
            try old.execute(
                """
                INSERT INTO outbox(channel, recipient, subject, body, code, link, created_at_ms)
                VALUES('email', 'a@example.com', 'Code', 'body a', '123456', NULL, 1000), ('sms', '+33612345678', NULL, 'body b', '654321', NULL, 2000)
                """)
        }
        let store = try IdentityStore(path: path)
        let kept = try store.outbox(recipient: nil, channel: nil, sinceMilliseconds: nil)
        XCTAssertEqual(kept.map(\.id), [1, 2])
        XCTAssertEqual(kept.map(\.recipient), ["a@example.com", "+33612345678"])
        XCTAssertEqual(kept.map(\.code), ["123456", "654321"])
        try store.clearOutbox()
        try store.write { db in
            try store.appendOutbox(
                channel: "email", recipient: "c@example.com", subject: nil, body: "c", code: nil, link: nil, at: 3000, in: db)
        }
        XCTAssertEqual(try store.outbox(recipient: nil, channel: nil, sinceMilliseconds: nil).map(\.id), [3])
    }

    func configFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("config.json").path
        try Data(#"{"password_hash_log_n": 10, "emulator_api": true}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testRestartKeepsAccountsAndTheSigningKeyAndSIGTERMStopsCleanly() async throws {
        let dir = try ScratchDirectory.make("serve")
        let db = dir.appendingPathComponent("server.db").path
        let config = try configFile(in: dir)
        let first = try await ServeProcess.start(["--db", db, "--config", config])
        let signup = try await first.client.post(
            "/identity/v1/signup-token",
            .object([
                "client_id": "latchkey-local", "scope": "openid email",
                "data": .object(["email": "keep@example.com", "password": "correct horse battery staple"]),
            ]))
        XCTAssertEqual(signup.status, 200)
        let idToken = try unwrap(signup.json["id_token"]?.stringValue)
        let status = await first.terminate()
        XCTAssertEqual(status, 0, "SIGTERM is a clean stop")
        let second = try await ServeProcess.start(["--db", db, "--config", config])
        defer { second.stop() }
        let jwks = try JWKSet(json: try await second.client.get("/.well-known/jwks.json").body)
        // The token issued before the restart verifies with the key served after it (the
        // issuer is the base URL, which changed with the port, so only the signature is checked here).
        let jws = try CompactJWS(idToken)
        try jws.verify(with: try jwks.key(for: jws.keyId).publicKey(), allowed: [.es256])
        let login = try await second.client.post(
            "/identity/v1/password/login",
            .object([
                "client_id": "latchkey-local", "email": "keep@example.com", "password": "correct horse battery staple",
            ]))
        XCTAssertEqual(login.status, 200)
    }

    /// SIGTERM ends an open long-poll at once (an empty 200) instead of holding the stop for the
    /// poll's 60 s. The poll is in the server before the signal: the emulator API's count of open
    /// polls says so (an event with a deadline, not a guessed delay).
    func testSIGTERMEndsAnOpenLongPoll() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        let session = URLSession(configuration: configuration)
        let server = try await ServeProcess.start(["--in-memory", "--emulator-api"])
        defer { server.stop() }
        let emulator = try EmulatorClient(baseURL: server.baseURL)
        let url = try unwrap(URL(string: server.baseURL + "/emulator/v1/outbox?wait=60"))
        let started = ContinuousClock.now
        let poll = Task { try await session.data(from: url) }
        let waiting = await eventually { (try? await emulator.openOutboxPolls()) == 1 }
        XCTAssertTrue(waiting, "the long-poll never reached the server")
        let status = await server.terminate()
        XCTAssertEqual(status, 0, "SIGTERM is a clean stop")
        let (body, response) = try await poll.value
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        XCTAssertEqual(try StrictJSON.parse(Array(body))["messages"], .array([]))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(50), "the poll ended with the server, not at its 60 s wait")
    }

    /// Acceptance: 4 clients sign up concurrently; the server is killed with SIGKILL after a
    /// random number of acknowledged signups, 50 times. Every acknowledged signup is in the
    /// file afterwards, and the file passes SQLite's and the store's integrity checks.
    func testEveryAcknowledgedSignupSurvivesSIGKILL() async throws {
        let dir = try ScratchDirectory.make("serve")
        let db = dir.appendingPathComponent("server.db").path
        let config = try configFile(in: dir)
        var rng = SplitMix64(seed: 0xC0FFEE)
        var acknowledged: [String] = []
        var killedWithRequestsInFlight = 0
        for run in 0..<50 {
            let server = try await ServeProcess.start(["--db", db, "--config", config])
            let killAfter = 1 + Int(rng.next() % 12)
            let acks = AckLog()
            let http = server.client
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        for n in 0..<1000 {
                            let email = "r\(run)-c\(client)-n\(n)@example.com"
                            guard
                                let reply = try? await http.post(
                                    "/identity/v1/signup-token",
                                    .object([
                                        "client_id": "latchkey-local", "scope": "openid",
                                        "data": .object(["email": .string(email), "password": "correct horse battery staple"]),
                                    ]))
                            else { return }
                            guard reply.status == 200 else { return }
                            if acks.add(email) >= killAfter {
                                await server.kill9()
                                return
                            }
                        }
                    }
                }
            }
            await server.kill9()
            let emails = acks.all
            XCTAssertGreaterThanOrEqual(emails.count, killAfter)
            if emails.count > killAfter { killedWithRequestsInFlight += 1 }
            acknowledged += emails
        }
        // "After restart": the file as a new process would open it.
        let store = try IdentityStore(path: db)
        XCTAssertTrue(try store.integrityCheck())
        let stored = Set(try store.allAccounts().compactMap(\.email))
        let missing = acknowledged.filter { !stored.contains($0) }
        XCTAssertEqual(missing, [], "acknowledged signups lost by SIGKILL")
        XCTAssertGreaterThanOrEqual(acknowledged.count, 50)
        // And the server itself restarts on that file.
        let again = try await ServeProcess.start(["--db", db, "--config", config])
        let accounts = try await again.client.get("/emulator/v1/accounts")
        XCTAssertEqual(accounts.status, 200)
        _ = await again.terminate()
    }
}

/// Acknowledged signups, shared by the client tasks of one run.
private final class AckLog: @unchecked Sendable {
    private let lock = NSLock()
    private var emails: [String] = []
    func add(_ email: String) -> Int {
        lock.withLock {
            emails.append(email)
            return emails.count
        }
    }
    var all: [String] { lock.withLock { emails } }
}
