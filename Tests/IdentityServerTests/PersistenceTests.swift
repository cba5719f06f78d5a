import Encoding
import Foundation
@testable import IdentityServer
import JOSE
import TestSupport
import XCTest

/// What survives the process: accounts and the signing key across a restart, every
/// acknowledged signup across SIGKILL, a clean exit on SIGTERM.
final class PersistenceTests: XCTestCase {
    func configFile(in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("config.json").path
        try Data(#"{"password_hash_log_n": 10, "emulator_api": true}"#.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testRestartKeepsAccountsAndTheSigningKeyAndSIGTERMStopsCleanly() async throws {
        let dir = try ScratchDirectory.make("serve")
        let db = dir.appendingPathComponent("server.db").path
        let config = try configFile(in: dir)
        let first = try ServeProcess.start(["--db", db, "--config", config])
        let signup = try await first.client.post("/identity/v1/signup-token", .object([
            "client_id": "latchkey-local", "scope": "openid email", "data": .object(["email": "keep@example.com", "password": "correct horse battery staple"])]))
        XCTAssertEqual(signup.status, 200)
        let idToken = try unwrap(signup.json["id_token"]?.stringValue)
        XCTAssertEqual(first.terminate(), 0, "SIGTERM is a clean stop")
        let second = try ServeProcess.start(["--db", db, "--config", config])
        defer { _ = second.terminate() }
        let jwks = try JWKSet(json: try await second.client.get("/.well-known/jwks.json").body)
        // The token issued before the restart verifies with the key served after it (the
        // issuer is the base URL, which changed with the port, so only the signature is checked here).
        let jws = try CompactJWS(idToken)
        try jws.verify(with: try jwks.key(for: jws.keyId).publicKey(), allowed: [.es256])
        let login = try await second.client.post("/identity/v1/password/login", .object([
            "client_id": "latchkey-local", "email": "keep@example.com", "password": "correct horse battery staple"]))
        XCTAssertEqual(login.status, 200)
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
            let server = try ServeProcess.start(["--db", db, "--config", config])
            let killAfter = 1 + Int(rng.next() % 12)
            let acks = AckLog()
            let http = server.client
            await withTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        for n in 0..<1000 {
                            let email = "r\(run)-c\(client)-n\(n)@example.com"
                            guard let reply = try? await http.post("/identity/v1/signup-token", .object([
                                "client_id": "latchkey-local", "scope": "openid",
                                "data": .object(["email": .string(email), "password": "correct horse battery staple"])])) else { return }
                            guard reply.status == 200 else { return }
                            if acks.add(email) >= killAfter { server.kill9(); return }
                        }
                    }
                }
            }
            server.kill9()
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
        let again = try ServeProcess.start(["--db", db, "--config", config])
        let accounts = try await again.client.get("/emulator/v1/accounts")
        XCTAssertEqual(accounts.status, 200)
        _ = again.terminate()
    }
}

/// Acknowledged signups, shared by the client tasks of one run.
private final class AckLog: @unchecked Sendable {
    private let lock = NSLock()
    private var emails: [String] = []
    func add(_ email: String) -> Int { lock.withLock { emails.append(email); return emails.count } }
    var all: [String] { lock.withLock { emails } }
}
