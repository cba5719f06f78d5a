import Encoding
import Foundation
import XCTest

@testable import IdentityServer

/// The emulator's own API: outbox with long-polling, accounts, clock, faults, the request
/// journal (secrets redacted), and snapshots.
final class EmulatorRouteTests: XCTestCase {
    var server: TestServer!

    override func setUp() async throws { server = try await TestServer.start() }
    override func tearDown() async throws { await server.stop() }

    func testOutboxFiltersAndLongPolls() async throws {
        assertStatus(try await server.signup(email: "out@example.com"), 200)
        let all = try await server.client.get("/emulator/v1/outbox?channel=email")
        guard case .array(let messages)? = all.json["messages"] else { return XCTFail("no messages array") }
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(messages[0]["to"], "out@example.com")
        XCTAssertNotNil(messages[0]["code"]?.stringValue)
        XCTAssertNotNil(messages[0]["link"]?.stringValue)
        XCTAssertNotNil(messages[0]["created_at"]?.stringValue)
        let none = try await server.client.get("/emulator/v1/outbox?channel=sms")
        XCTAssertEqual(none.json["messages"], .array([]))
        // A waiting reader gets the message that arrives while it waits.
        let since = try unwrap(messages[0]["created_at"]?.stringValue)
        let client = server.client
        async let waited = client.get("/emulator/v1/outbox?to=late@example.com&wait=30")
        assertStatus(try await server.signup(email: "late@example.com"), 200)
        let late = try await waited
        XCTAssertEqual(late.json["messages"]?.arrayFirst?["to"], "late@example.com")
        let after = try await server.client.get("/emulator/v1/outbox?since=\(since)")
        guard case .array(let recent)? = after.json["messages"] else { return XCTFail() }
        XCTAssertEqual(recent.count, 2, "since is inclusive of the first message's instant")
        assertStatus(try await server.client.delete("/emulator/v1/outbox"), 204)
        do {
            let r = try await server.client.get("/emulator/v1/outbox")
            XCTAssertEqual(r.json["messages"], .array([]))
        }
        assertAPIError(try await server.client.get("/emulator/v1/outbox?wait=999"), status: 400, error: "invalid_request")
        assertAPIError(try await server.client.get("/emulator/v1/outbox?since=yesterday"), status: 400, error: "invalid_request")
    }

    /// `after_id` is an exclusive cursor: a long-poll from the newest id waits for a newer
    /// message instead of handing the newest back at once (what made the console's live view
    /// spin), and ids are not reused after a clear.
    func testOutboxAfterIdIsAnExclusiveCursorThatSurvivesAClear() async throws {
        assertStatus(try await server.signup(email: "first@example.com"), 200)
        let first = try await server.client.get("/emulator/v1/outbox")
        let firstId = try unwrap(first.json["messages"]?.arrayFirst?["id"]?.stringValue)
        let none = try await server.client.get("/emulator/v1/outbox?after_id=\(firstId)")
        XCTAssertEqual(none.json["messages"], .array([]))
        let client = server.client
        async let waited = client.get("/emulator/v1/outbox?after_id=\(firstId)&wait=30")
        assertStatus(try await server.signup(email: "second@example.com"), 200)
        let second = try await waited
        guard case .array(let fresh)? = second.json["messages"] else { return XCTFail("no messages array") }
        XCTAssertEqual(fresh.count, 1)
        XCTAssertEqual(fresh.first?["to"], "second@example.com")
        let secondId = try unwrap(fresh.first?["id"]?.stringValue)

        assertStatus(try await server.client.delete("/emulator/v1/outbox"), 204)
        assertStatus(try await server.signup(email: "third@example.com"), 200)
        let afterClear = try await server.client.get("/emulator/v1/outbox?after_id=\(secondId)")
        XCTAssertEqual(
            afterClear.json["messages"]?.arrayFirst?["to"], "third@example.com", "a cleared outbox does not hand out old ids again")
        for bad in ["-1", "abc", "1.5", "99999999999999999999", ""] {
            assertAPIError(try await server.client.get("/emulator/v1/outbox?after_id=\(bad)"), status: 400, error: "invalid_request")
        }
    }

    func testAccountsSeedListAndClear() async throws {
        let seeded = try await server.client.post(
            "/emulator/v1/accounts", .object(["email": "seed@example.com", "password": "x", "email_verified": true]))
        XCTAssertEqual(seeded.status, 201)
        XCTAssertEqual(seeded.json["email_verified"], .bool(true))
        // A seeded password skips the strength rule, so a test can use a known weak one.
        assertStatus(try await server.passwordLogin(email: "seed@example.com", password: "x"), 200)
        let list = try await server.client.get("/emulator/v1/accounts")
        XCTAssertEqual(list.json["accounts"]?.arrayFirst?["email"], "seed@example.com")
        XCTAssertNil(list.json["accounts"]?.arrayFirst?["password_hash"], "no secrets")
        XCTAssertFalse(String(decoding: list.body, as: UTF8.self).contains("scrypt"))
        assertStatus(try await server.client.delete("/emulator/v1/accounts"), 204)
        do {
            let r = try await server.client.get("/emulator/v1/accounts")
            XCTAssertEqual(r.json["accounts"], .array([]))
        }
    }

    func testClockAdvances() async throws {
        let before = try await server.client.get("/emulator/v1/clock")
        XCTAssertEqual(before.json["advanced_seconds"], .number(0))
        let after = try await server.client.post("/emulator/v1/clock", .object(["advance_seconds": .number(90)]))
        XCTAssertEqual(after.json["advanced_seconds"], .number(90))
        XCTAssertEqual(server.env.clock.advancedBy, 90)
        assertAPIError(
            try await server.client.post("/emulator/v1/clock", .object(["advance_seconds": .number(-5)])), status: 400,
            error: "invalid_request")
    }

    /// A page on another site can make the browser POST text/plain without a preflight: the
    /// emulator API refuses state changes that a browser marks as cross-site, and nothing moves.
    func testCrossSiteStateChangesAreRefused() async throws {
        let body = Array(#"{"advance_seconds": 90}"#.utf8)
        for headers in [["Origin": "http://evil.example"], ["Origin": "null"], ["Sec-Fetch-Site": "cross-site"]] {
            let reply = try await server.client.send(
                "POST", "/emulator/v1/clock", body: body, headers: headers.merging(["Content-Type": "text/plain"]) { $1 })
            assertAPIError(reply, status: 403, error: "cross_site_request")
            XCTAssertNil(reply.header("WWW-Authenticate"), "not a token problem")
            let cleared = try await server.client.send("DELETE", "/emulator/v1/accounts", body: [], headers: headers)
            assertAPIError(cleared, status: 403, error: "cross_site_request")
        }
        XCTAssertEqual(server.env.clock.advancedBy, 0)
        let sameSite = try await server.client.send(
            "POST", "/emulator/v1/clock", body: body,
            headers: ["Origin": server.baseURL, "Content-Type": "application/json"])
        XCTAssertEqual(sameSite.status, 200)
        XCTAssertEqual(server.env.clock.advancedBy, 90)
    }

    func testFaultsFailTheNextCallsWithAWellFormedError() async throws {
        let set = try await server.client.post(
            "/emulator/v1/faults", .object(["path": "/oauth/token", "status": .number(503), "error": "server_error", "count": .number(2)]))
        XCTAssertEqual(set.status, 201)
        for _ in 0..<2 {
            assertAPIError(
                try await server.client.post("/oauth/token", .object(["client_id": "latchkey-local"])), status: 503, error: "server_error")
        }
        // The third call reaches the route again.
        assertAPIError(
            try await server.client.post("/oauth/token", .object(["client_id": "latchkey-local"])), status: 400, error: "invalid_request")
        assertStatus(
            try await server.client.post("/emulator/v1/faults", .object(["path": "/identity/v1/userinfo", "status": .number(401)])), 201)
        assertStatus(try await server.client.delete("/emulator/v1/faults"), 204)
        assertAPIError(try await server.client.get("/identity/v1/userinfo"), status: 401, error: "invalid_token")
        assertAPIError(
            try await server.client.post("/emulator/v1/faults", .object(["path": "/emulator/v1/clock"])), status: 400,
            error: "invalid_request")
    }

    func testRequestJournalRedactsSecrets() async throws {
        assertStatus(try await server.signup(email: "jr@example.com"), 200)
        let tkn = try unwrap(try await server.passwordLogin(email: "jr@example.com").json["tkn"]?.stringValue)
        let pkce = TestServer.pkce()
        _ = try await server.authorize(tkn: tkn, challenge: pkce.challenge)
        let journal = try await server.client.get("/emulator/v1/requests?limit=10")
        let text = String(decoding: journal.body, as: UTF8.self)
        XCTAssertFalse(text.contains(tkn), "the tkn must not be journaled")
        XCTAssertTrue(text.contains("tkn=REDACTED"))
        guard case .array(let entries)? = journal.json["requests"] else { return XCTFail() }
        XCTAssertEqual(entries.last?["path"], "/oauth/authorize")
        XCTAssertEqual(entries.last?["status"], .number(302))
        let withId = try await server.client.get(
            "/identity/v1/config?client_id=latchkey-local", headers: ["X-R5-Correlation-Id": "corr-123"])
        XCTAssertEqual(withId.header("X-R5-Correlation-Id"), "corr-123")
        let again = try await server.client.get("/emulator/v1/requests?limit=1")
        XCTAssertEqual(again.json["requests"]?.arrayFirst?["correlation_id"], "corr-123")
    }

    func testSnapshotAndRestore() async throws {
        assertStatus(try await server.signup(email: "snap1@example.com"), 200)
        let snapshot = try await server.client.post("/emulator/v1/snapshot", .object([:]))
        XCTAssertEqual(snapshot.status, 201)
        let id = try unwrap(snapshot.json["id"]?.stringValue)
        assertStatus(try await server.signup(email: "snap2@example.com"), 200)
        let snapTwoMessage = try XCTUnwrap(
            try server.env.store.outbox(recipient: "snap2@example.com", channel: nil, sinceMilliseconds: nil).last?.id)
        XCTAssertEqual(try server.env.store.allAccounts().count, 2)
        assertStatus(try await server.client.post("/emulator/v1/restore", .object(["id": .string(id)])), 204)
        XCTAssertEqual(try server.env.store.allAccounts().compactMap(\.email), ["snap1@example.com"])
        assertStatus(try await server.passwordLogin(email: "snap1@example.com"), 200, "the restored state is live")
        // Outbox ids keep growing across the restore, so an after_id cursor taken before it
        // still sees what is sent after it.
        XCTAssertEqual(
            try server.env.store.outbox(recipient: "snap2@example.com", channel: nil, sinceMilliseconds: nil).count, 0, "restored away")
        assertStatus(try await server.signup(email: "snap3@example.com"), 200)
        let newest = try await server.client.get("/emulator/v1/outbox?after_id=\(snapTwoMessage)")
        XCTAssertEqual(newest.json["messages"]?.arrayFirst?["to"], "snap3@example.com")
        assertAPIError(
            try await server.client.post("/emulator/v1/restore", .object(["id": "../../etc/passwd"])), status: 404, error: "not_found")
        // An in-memory server's snapshots (whole copies of its state) go when it stops.
        let folder = server.env.snapshots.directory
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + id + ".sqlite"))
        await server.stop()
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
        server = try await TestServer.start()
    }

    func testTheEmulatorAPIIsOffUnlessAskedFor() async throws {
        await server.stop()
        server = try await TestServer.start(TestServer.configuration { $0.emulatorAPI = false })
        assertAPIError(try await server.client.get("/emulator/v1/accounts"), status: 404, error: "not_found")
    }
}
